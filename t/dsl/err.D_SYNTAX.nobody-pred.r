pidtrace: failed to compile script err.D_SYNTAX.nobody-pred.d: err.D_SYNTAX.nobody-pred.d:17:5: [D_SYNTAX] expected actions after the predicate: add { } after it
