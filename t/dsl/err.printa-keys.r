pidtrace: failed to compile script err.printa-keys.d: err.printa-keys.d:13:13: printa( ) argument #2: @b's key #1 does not match @a's
