xy 1

