pidtrace: failed to compile script err.D_OFFSETOF_TYPE.d: err.D_OFFSETOF_TYPE.d:13:8: [D_OFFSETOF_TYPE] offsetof operand must be a struct or union type
