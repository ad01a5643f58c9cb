pidtrace: failed to compile script err.quatize.d: err.quatize.d:19:17: unknown function 'quatize'; did you mean 'quantize'?
