pidtrace: failed to compile script err.pspec.d: err.pspec.d:12:1: [D_SYNTAX] expected a predicate or actions after the probe description: add { } after it
