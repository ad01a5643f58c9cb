run 1
run 2
after: 2

