pidtrace: failed to compile script err.D_SYNTAX.d: err.D_SYNTAX.d:6:6: syntax error near ";"
