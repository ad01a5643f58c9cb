pidtrace: failed to compile script err.D_CLEAR_AGGARG.d: err.D_CLEAR_AGGARG.d:8:8: [D_CLEAR_AGGARG] clear( ) argument #1 is incompatible with prototype:  prototype: aggregation   argument: expression
