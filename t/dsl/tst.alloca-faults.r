1 24
1 7
10 2
10 65
5 0
1 8
1 0

-- @@stderr --
pidtrace: error on enabled probe ID 1 (ID 1: dtrace:::BEGIN): invalid address (0x18) in action #2 at DIF offset 2
pidtrace: error on enabled probe ID 2 (ID 1: dtrace:::BEGIN): invalid address (0x7) in action #2 at DIF offset 8
pidtrace: error on enabled probe ID 3 (ID 1: dtrace:::BEGIN): invalid size (0x2) in action #2 at DIF offset 14
pidtrace: error on enabled probe ID 4 (ID 1: dtrace:::BEGIN): invalid size (0x41) in action #1 at DIF offset 2
pidtrace: error on enabled probe ID 5 (ID 1: dtrace:::BEGIN): out of scratch space in action #2 at DIF offset 2
pidtrace: error on enabled probe ID 7 (ID 1: dtrace:::BEGIN): invalid address (0x8) in action #1 at DIF offset 8
pidtrace: error on enabled probe ID 8 (ID 1: dtrace:::BEGIN): invalid address (0x0) in action #2 at DIF offset 2
