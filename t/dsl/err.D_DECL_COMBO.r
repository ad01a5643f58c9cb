pidtrace: failed to compile script err.D_DECL_COMBO.d: err.D_DECL_COMBO.d:13:7: [D_DECL_COMBO] invalid type combination
