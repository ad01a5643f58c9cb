7
fault 11

-- @@stderr --
pidtrace: error on enabled probe ID 2 (ID 1: dtrace:::BEGIN): index out of bounds (8) in action #2 at DIF offset 2
