pidtrace: failed to compile script err.D_OP_INCOMPAT.voidptr.d: err.D_OP_INCOMPAT.voidptr.d:15:16: [D_OP_INCOMPAT] operands have incompatible types: "void *" + "int"
