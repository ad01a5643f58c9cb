rec first 4 42 second 20 10 6 -3
size 32 56
name first 0
returned second
rec first 4 42 second 20 10 6 -4
size 32 56
name second 1
returned second

