pidtrace: failed to compile script err.D_PRAGMA_OPTSET.d: err.D_PRAGMA_OPTSET.d:10:1: [D_PRAGMA_OPTSET] failed to set option 'nspec' to '245566729809009887663': Invalid value for specified option
