4 16 second

