pidtrace: failed to compile script err.D_FUNC_IDENT.d: err.D_FUNC_IDENT.d:12:7: [D_FUNC_IDENT] timestamp is not a function
