pidtrace: failed to compile script err.D_KEY_TYPE.d: err.D_KEY_TYPE.d:13:5: [D_KEY_TYPE] @a key #1 is of type aggregation: not a valid key
