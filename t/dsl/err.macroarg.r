pidtrace: failed to compile script err.macroarg.d: err.macroarg.d:11:8: macro argument $2 is not defined
