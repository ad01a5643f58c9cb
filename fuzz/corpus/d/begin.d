BEGIN { x = 1; s = "str"; a[x, s] = x + 1; @[s] = count(); exit(0); }
