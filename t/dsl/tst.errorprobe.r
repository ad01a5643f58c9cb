ERROR probe 1 clause 0 fault 4 addr 0
1 0
ERROR probe 1 clause 1 fault 1 addr 0
0 1
still running

-- @@stderr --
pidtrace: error on enabled probe ID 1 (ID 1: dtrace:::BEGIN): divide-by-zero in action #3 at DIF offset 9
pidtrace: error on enabled probe ID 2 (ID 1: dtrace:::BEGIN): invalid address (0x0) in action #1 at DIF offset 8
