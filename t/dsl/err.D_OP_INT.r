pidtrace: failed to compile script err.D_OP_INT.d: err.D_OP_INT.d:12:12: [D_OP_INT] operator % requires operands of integral type
