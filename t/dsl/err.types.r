pidtrace: failed to compile script err.types.d: err.types.d:7:4: operands have incompatible types: "int" = "string"
