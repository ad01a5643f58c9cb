struct s { int x; struct s *next; char name[8]; };
pid$target::f:entry, pid$target::g:return
{ trace(args[0]); print(args[1]); x = args->key; print(*(struct s *)arg0); trace(stringof(args[2])); }
