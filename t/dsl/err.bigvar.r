pidtrace: failed to compile script err.bigvar.d: err.bigvar.d:9:5: a: a variable holds at most 1048576 bytes by value
