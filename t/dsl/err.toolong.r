pidtrace: failed to compile script err.toolong.d: err.toolong.d:12:3948: expression or statement too deep (the limit is about 200 levels of nesting, or 2000 operators in a row)
