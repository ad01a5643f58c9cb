pidtrace: failed to compile script err.D_SYNTAX.linemarker.d: inc.h:7:9: [D_SYNTAX] syntax error near ";"
