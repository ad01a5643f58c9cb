pidtrace: failed to compile script err.optrefused.d: err.optrefused.d:10:1: [D_PRAGMA_OPTSET] failed to set option 'cpu' to '0': not available: pidtrace traces processes, on whatever CPU they run
