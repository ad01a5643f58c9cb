pidtrace: failed to compile script err.D_DECL_BFSIZE.d: err.D_DECL_BFSIZE.d:12:7: [D_DECL_BFSIZE] bit-field too big for type: a
