pidtrace: failed to compile script err.redeclare.d: err.redeclare.d:14:4: operands have incompatible types: "int" = "string"
