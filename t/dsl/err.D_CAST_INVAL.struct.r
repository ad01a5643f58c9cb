pidtrace: failed to compile script err.D_CAST_INVAL.struct.d: err.D_CAST_INVAL.struct.d:13:9: [D_CAST_INVAL] invalid cast expression: "int" to "struct s"
