pidtrace: failed to compile script err.uregs-index.d: err.uregs-index.d:8:14: uregs[]: index out of bounds (42)
