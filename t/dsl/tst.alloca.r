8 8 1
hi! 3 24 hi!
D 1
abcdD
43 0

