pidtrace: failed to compile script err.keys9.d: err.keys9.d:12:2: a: more than 8 keys: insufficient tuple registers
