pidtrace: failed to compile script err.macroarg.d: err.macroarg.d:6:8: macro argument $2 is not defined
