pidtrace: failed to compile script err.D_SYNTAX.line.d: other.d:40:6: [D_SYNTAX] syntax error near ";"
