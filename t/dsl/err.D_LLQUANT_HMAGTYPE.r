pidtrace: failed to compile script err.D_LLQUANT_HMAGTYPE.d: err.D_LLQUANT_HMAGTYPE.d:13:27: [D_LLQUANT_HMAGTYPE] llquantize( ) argument #3 must be an integer constant
