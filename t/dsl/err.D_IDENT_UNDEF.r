pidtrace: failed to compile script err.D_IDENT_UNDEF.d: err.D_IDENT_UNDEF.d:11:8: failed to resolve timestmp: Unknown variable name; did you mean 'timestamp'?
