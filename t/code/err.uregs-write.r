pidtrace: failed to compile script err.uregs-write.d: err.uregs-write.d:6:2: operator = cannot modify built-in variable uregs
