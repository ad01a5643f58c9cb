12 [hello, world!] [world] [hello]
[world] [wo] [lo, wor]
4 8 8 -1
[world] [o, world] [orld]
[libc.so] [/usr/lib] [/] [.]
[HELLO, WORLD] [mixed]
[-42] [ff] [0]
[a][b][c]1
1 1 1 1
hello, world changed

