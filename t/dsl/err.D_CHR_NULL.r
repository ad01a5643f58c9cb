pidtrace: failed to compile script err.D_CHR_NULL.d: err.D_CHR_NULL.d:12:6: [D_CHR_NULL] empty character constant
