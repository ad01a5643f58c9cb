pidtrace: failed to compile script err.errtags.d: err.errtags.d:12:6: [D_LQUANT_MISMATCH] lquantize( ) base (argument #1) must be less than limit (argument #2)
