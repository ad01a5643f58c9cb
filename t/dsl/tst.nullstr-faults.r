1 0
1 0
1 0
1 0
1 0

-- @@stderr --
pidtrace: error on enabled probe ID 1 (ID 1: dtrace:::BEGIN): invalid address (0x0) in action #1 at DIF offset 8
pidtrace: error on enabled probe ID 2 (ID 1: dtrace:::BEGIN): invalid address (0x0) in action #1 at DIF offset 17
pidtrace: error on enabled probe ID 3 (ID 1: dtrace:::BEGIN): invalid address (0x0) in action #1 at DIF offset 9
pidtrace: error on enabled probe ID 4 (ID 1: dtrace:::BEGIN): invalid address (0x0) in action #1 at DIF offset 13
pidtrace: error on enabled probe ID 5 (ID 1: dtrace:::BEGIN): invalid address (0x0) in action #1 at DIF offset 4
