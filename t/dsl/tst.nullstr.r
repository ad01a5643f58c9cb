1 1 0 1
1 1 1
1 1 1
a 1
1
1 1
one
1
null

