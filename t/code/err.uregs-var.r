pidtrace: failed to compile script err.uregs-var.d: err.uregs-var.d:8:14: uregs[ ] argument #1 is incompatible with prototype:  prototype: integer constant   argument: int
