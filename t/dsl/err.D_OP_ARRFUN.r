pidtrace: failed to compile script err.D_OP_ARRFUN.d: err.D_OP_ARRFUN.d:16:9: [D_OP_ARRFUN] operator = may not be applied to operand of type "int [3]"
