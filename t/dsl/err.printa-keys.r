pidtrace: failed to compile script err.printa-keys.d: err.printa-keys.d:13:13: printa( ) argument #2: @b's keys do not match @a's
