pidtrace: failed to compile script err.D_DIV_ZERO.d: err.D_DIV_ZERO.d:12:10: [D_DIV_ZERO] expression contains division by zero
