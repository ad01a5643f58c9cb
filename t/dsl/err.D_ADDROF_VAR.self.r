pidtrace: failed to compile script err.D_ADDROF_VAR.self.d: err.D_ADDROF_VAR.self.d:18:6: [D_ADDROF_VAR] cannot take address of dynamic variable
