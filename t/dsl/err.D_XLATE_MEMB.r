pidtrace: failed to compile script err.D_XLATE_MEMB.d: err.D_XLATE_MEMB.d:12:2: [D_XLATE_MEMB] translator member y is not a member of struct out
