pidtrace: failed to compile script err.D_ARR_LOCAL.d: err.D_ARR_LOCAL.d:12:9: [D_ARR_LOCAL] this->x: local variables may not be used as associative arrays
