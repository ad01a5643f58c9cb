pidtrace: failed to compile script err.D_PRINTF_ARG_EXTRA.d: err.D_PRINTF_ARG_EXTRA.d:12:9: [D_PRINTF_ARG_EXTRA] printf( ) prototype mismatch: only 2 arguments required by this format string
