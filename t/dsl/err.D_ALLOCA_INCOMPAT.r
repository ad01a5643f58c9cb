pidtrace: failed to compile script err.D_ALLOCA_INCOMPAT.d: err.D_ALLOCA_INCOMPAT.d:16:4: [D_ALLOCA_INCOMPAT] ternary conditional with alloca and non-alloca branches cannot be assigned to a variable
