pidtrace: failed to compile script err.D_SYNTAX.d: err.D_SYNTAX.d:11:6: syntax error near ";"
