add 7 t7 [a name longer than fifteen bytes] 3 note0 slice 0
total 13
box 42 1
add 7 t7 [a name longer than fifteen bytes] 3 note1 slice 13
total 26
box 42 1

