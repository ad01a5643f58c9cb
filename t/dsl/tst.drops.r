4 2 0

-- @@stderr --
pidtrace: [DTRACEDROP_DYNAMIC] 1 dynamic variable drop
