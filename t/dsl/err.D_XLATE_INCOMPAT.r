pidtrace: failed to compile script err.D_XLATE_INCOMPAT.d: err.D_XLATE_INCOMPAT.d:11:2: [D_XLATE_INCOMPAT] translator member x definition uses incompatible types: "int" = "string"
