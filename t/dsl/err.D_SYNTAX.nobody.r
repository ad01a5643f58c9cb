pidtrace: failed to compile script err.D_SYNTAX.nobody.d: err.D_SYNTAX.nobody.d:12:1: [D_SYNTAX] expected a predicate or actions after the probe description: add { } after it
