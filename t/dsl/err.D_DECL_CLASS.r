pidtrace: failed to compile script err.D_DECL_CLASS.d: err.D_DECL_CLASS.d:10:6: [D_DECL_CLASS] more than one storage class specified
