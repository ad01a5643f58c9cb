pidtrace: failed to compile script err.D_AGG_NULL.d: err.D_AGG_NULL.d:13:2: [D_AGG_NULL] @a has no aggregating function: assign it one, such as count( )
