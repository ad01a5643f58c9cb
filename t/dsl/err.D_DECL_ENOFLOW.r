pidtrace: failed to compile script err.D_DECL_ENOFLOW.d: err.D_DECL_ENOFLOW.d:12:2: [D_DECL_ENOFLOW] enumerator 'toobig' value overflows INT_MAX (2147483647)
