pidtrace: failed to compile script err.D_XLATE_NONE.d: err.D_XLATE_NONE.d:17:8: [D_XLATE_NONE] cannot translate from "string" to "struct out"
