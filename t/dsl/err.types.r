pidtrace: failed to compile script err.types.d: err.types.d:13:4: operands have incompatible types: "int" = "string"
