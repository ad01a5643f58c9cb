                   FUNCTION:NAME
                          :BEGIN           1                   2  str                              
                          :BEGIN 
                          :BEGIN 
                            :END end 1

-- @@stderr --
pidtrace: script 'tst.notquiet.d' matched 5 probes
