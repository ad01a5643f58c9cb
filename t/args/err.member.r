pidtrace: failed to compile script err.member.d: err.member.d:12:15: struct shop::Slice has no member 'len'; did you mean 'size_'?
