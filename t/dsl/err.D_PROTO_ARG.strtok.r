pidtrace: failed to compile script err.D_PROTO_ARG.strtok.d: err.D_PROTO_ARG.strtok.d:13:9: [D_PROTO_ARG] strtok( ) argument #1 is incompatible with prototype:  prototype: char *   argument: int
