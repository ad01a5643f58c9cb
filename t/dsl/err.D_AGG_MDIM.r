pidtrace: failed to compile script err.D_AGG_MDIM.d: err.D_AGG_MDIM.d:12:11: [D_AGG_MDIM] aggregations may only have one set of keys: @a[...][...]
