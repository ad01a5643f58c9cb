pidtrace: failed to compile script err.D_ARR_BADREF.d: err.D_ARR_BADREF.d:15:2: [D_ARR_BADREF] cannot access scalar x as an associative array
