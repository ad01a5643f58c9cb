                   FUNCTION:NAME
                    :tick-1005ms 

               10
-- @@stderr --
pidtrace: script 'tst.count_notquiet.d' matched 2 probes
