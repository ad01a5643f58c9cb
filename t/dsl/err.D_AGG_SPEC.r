pidtrace: failed to compile script err.D_AGG_SPEC.d: err.D_AGG_SPEC.d:7:18: [D_AGG_SPEC] aggregating actions may not follow speculate( )
