pidtrace: failed to compile script err.D_AGG_SCALAR.d: err.D_AGG_SCALAR.d:12:11: [D_AGG_SCALAR] avg( ) argument #1 must be of scalar type
