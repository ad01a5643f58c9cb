pidtrace: failed to compile script err.name.d: err.name.d:12:12: the probe has no parameter named 'dleta'; did you mean 'delta'?
