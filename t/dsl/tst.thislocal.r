start 0
second 5
start 0
second 5
third 6

