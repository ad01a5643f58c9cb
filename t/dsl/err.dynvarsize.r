pidtrace: script 'err.dynvarsize.d' matched 1 probe
pidtrace: could not enable tracing: Enabling exceeds size of buffer
