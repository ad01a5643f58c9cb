pidtrace: failed to compile script err.D_DECL_PROTO_VOID.d: err.D_DECL_PROTO_VOID.d:11:14: [D_DECL_PROTO_VOID] void must be sole parameter
