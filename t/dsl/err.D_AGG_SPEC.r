pidtrace: failed to compile script err.D_AGG_SPEC.d: err.D_AGG_SPEC.d:12:18: [D_AGG_SPEC] aggregating actions may not follow speculate( )
