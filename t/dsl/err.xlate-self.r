pidtrace: failed to compile script err.xlate-self.d: err.xlate-self.d:16:6: [D_XLATE_NONE] cannot translate from "int" to "struct s"
