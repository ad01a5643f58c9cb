pidtrace: failed to compile script err.D_ARR_BOUNDS.d: err.D_ARR_BOUNDS.d:16:10: [D_ARR_BOUNDS] index outside array bounds: 5, max is 5
