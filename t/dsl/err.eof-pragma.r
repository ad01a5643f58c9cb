pidtrace: failed to compile script err.eof-pragma.d: err.eof-pragma.d:14:1: [D_SYNTAX] end of file in a control line: end it with a newline
