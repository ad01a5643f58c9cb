end

-- @@stderr --
pidtrace: error on enabled probe ID 1 (ID 1: dtrace:::BEGIN): divide-by-zero in action #3 at DIF offset 8
