7 12 in 0 1
12 in
7

