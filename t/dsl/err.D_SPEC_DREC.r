pidtrace: failed to compile script err.D_SPEC_DREC.d: err.D_SPEC_DREC.d:12:15: [D_SPEC_DREC] speculate( ) may not follow data-recording action(s)
