pidtrace: failed to compile script err.uregs-name.d: err.uregs-name.d:7:14: failed to resolve R_RDII: Unknown variable name; did you mean 'R_RDI'?
