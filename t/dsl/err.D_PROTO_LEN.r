pidtrace: failed to compile script err.D_PROTO_LEN.d: err.D_PROTO_LEN.d:17:2: [D_PROTO_LEN] x[ ] prototype mismatch: 3 args passed, 2 expected
