[42] [   42] [42   ] [00042] [+42]
[ff] [FF] [0xff] [10] [A]
[4294967295] [ffffffff] [-1]
[-1] [ffffffffffffffff]
[     right] [left      ] [tru]
[     7] [7     ] [ab]
[1000] [%] [9]
[123]
no conversions

