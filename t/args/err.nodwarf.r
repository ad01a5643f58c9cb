pidtrace: failed to compile script err.nodwarf.d: err.nodwarf.d:12:15: operator -> must be applied to a pointer
