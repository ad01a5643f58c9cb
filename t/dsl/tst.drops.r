4 0 0

-- @@stderr --
pidtrace: [DTRACEDROP_DYNAMIC] 2 dynamic variable drops
