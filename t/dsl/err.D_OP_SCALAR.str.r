pidtrace: failed to compile script err.D_OP_SCALAR.str.d: err.D_OP_SCALAR.str.d:12:9: [D_OP_SCALAR] operator && requires operands of scalar type
