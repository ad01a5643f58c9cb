pidtrace: failed to compile script err.nulagg.d: err.nulagg.d:13:2: [D_IDENT_UNDEF] @a: a statement with no effect
