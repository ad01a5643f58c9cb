pidtrace: failed to compile script err.D_DECL_IDRED.enum.d: err.D_DECL_IDRED.enum.d:12:21: [D_DECL_IDRED] identifier redeclared: RED
