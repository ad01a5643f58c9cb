pidtrace: failed to compile script err.D_DECL_BADCLASS.d: err.D_DECL_BADCLASS.d:11:1: [D_DECL_BADCLASS] specified storage class not appropriate in D
