pidtrace: script 'err.destructive.d' matched 1 probe
pidtrace: could not enable tracing: Destructive actions not allowed
