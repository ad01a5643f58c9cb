10 20 30 0
0
6
one two 1
7

