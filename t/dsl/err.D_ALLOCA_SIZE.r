pidtrace: failed to compile script err.D_ALLOCA_SIZE.d: err.D_ALLOCA_SIZE.d:16:8: [D_ALLOCA_SIZE] alloca(1025) size larger than scratchsize 1024
