one
two
small 3
small 4
odd 5
odd 7

