pidtrace: failed to compile script err.D_ACT_SPEC.d: err.D_ACT_SPEC.d:12:16: [D_ACT_SPEC] destructive actions may not follow speculate( )
