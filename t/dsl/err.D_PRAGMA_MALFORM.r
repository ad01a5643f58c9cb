pidtrace: failed to compile script err.D_PRAGMA_MALFORM.d: err.D_PRAGMA_MALFORM.d:10:1: [D_PRAGMA_MALFORM] superfluous arguments after #pragma D option name[=value]
