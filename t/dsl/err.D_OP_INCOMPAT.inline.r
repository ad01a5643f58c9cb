pidtrace: failed to compile script err.D_OP_INCOMPAT.inline.d: err.D_OP_INCOMPAT.inline.d:11:12: [D_OP_INCOMPAT] inline i definition uses incompatible types: "int" = "string"
