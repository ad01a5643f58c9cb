pidtrace: failed to compile script err.printf.d: err.printf.d:11:9: printf( ) argument #2 is incompatible with conversion #1 prototype: %d wants an integer, the argument is a string
