pidtrace: failed to compile script err.typeword.d: err.typeword.d:11:1: [D_SYNTAX] syntax error: unexpected end of input
