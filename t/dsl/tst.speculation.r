ids 1 2 3 0
not speculative
c: third
a: first
a: second
reused 1

-- @@stderr --
pidtrace: 1 failed speculation (no speculative buffer available)
