pidtrace: failed to compile script err.D_DREC_COMM.d: err.D_DREC_COMM.d:12:13: [D_DREC_COMM] data-recording actions may not follow commit( )
