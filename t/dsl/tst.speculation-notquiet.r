                   FUNCTION:NAME
                          :BEGIN kept
                          :BEGIN x=0

-- @@stderr --
pidtrace: script 'tst.speculation-notquiet.d' matched 6 probes
