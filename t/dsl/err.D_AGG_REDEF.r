pidtrace: failed to compile script err.D_AGG_REDEF.d: err.D_AGG_REDEF.d:12:7: @a: aggregation redefined: sum( ) does not match the earlier count( )
