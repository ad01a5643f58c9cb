k=4
k=5
k=6
k=7
k=8
k=9
end

-- @@stderr --
pidtrace: 4 lines of output overwritten in the ring buffer (bufsize=32)
