put key0 (4) value v (1) 0v
rec t 0 key0 0 rec0 38
put key1 (4) value vv (2) 1v
rec t -1 key1 100 rec1 38
put key2 (4) value vvv (3) 2v
rec t -2 key2 200 rec2 38

