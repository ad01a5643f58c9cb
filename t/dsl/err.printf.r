pidtrace: failed to compile script err.printf.d: err.printf.d:6:9: printf( ) argument #2 is incompatible with conversion #1 prototype: %d wants an integer, the argument is a string
