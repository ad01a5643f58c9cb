pidtrace: failed to compile script err.toodeep.d: err.toodeep.d:12:204: expression or statement too deep (the limit is about 200 levels of nesting, or 2000 operators in a row)
