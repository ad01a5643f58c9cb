                   FUNCTION:NAME
                          :BEGIN   -1 255    -2 65535         -3 4294967295                  -5 18446744073709551615

-- @@stderr --
pidtrace: script 'tst.tracewidths.d' matched 1 probe
