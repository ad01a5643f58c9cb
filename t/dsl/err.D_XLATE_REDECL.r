pidtrace: failed to compile script err.D_XLATE_REDECL.d: err.D_XLATE_REDECL.d:14:1: [D_XLATE_REDECL] translator from int to struct out has already been declared
