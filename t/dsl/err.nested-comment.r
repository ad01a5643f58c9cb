pidtrace: failed to compile script err.nested-comment.d: err.nested-comment.d:12:15: [D_SYNTAX] /* inside a comment: comments do not nest
