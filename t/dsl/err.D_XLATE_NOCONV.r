pidtrace: failed to compile script err.D_XLATE_NOCONV.d: err.D_XLATE_NOCONV.d:16:28: [D_XLATE_NOCONV] translator does not define conversion for member: y
