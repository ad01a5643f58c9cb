pidtrace: failed to compile script err.D_XLATE_SOU.d: err.D_XLATE_SOU.d:8:1: [D_XLATE_SOU] translator output type must be a struct or union
