pidtrace: failed to compile script err.nomatch.d: err.nomatch.d:14:1: probe description nosuch:::probe does not match any probes
