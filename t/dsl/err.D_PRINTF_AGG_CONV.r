pidtrace: failed to compile script err.D_PRINTF_AGG_CONV.d: err.D_PRINTF_AGG_CONV.d:12:9: [D_PRINTF_AGG_CONV] printf( ) %@ conversion requires an aggregation and is for use with printa( ) only
