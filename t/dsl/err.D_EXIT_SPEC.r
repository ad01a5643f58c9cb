pidtrace: failed to compile script err.D_EXIT_SPEC.d: err.D_EXIT_SPEC.d:12:16: [D_EXIT_SPEC] exit( ) may not follow speculate( )
