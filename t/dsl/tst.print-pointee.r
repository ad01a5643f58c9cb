0x8 = *
                                            (struct link) {
                                             .name = (char [8]) [
                                              (char)'e',
                                              (char)'t',
                                              (char)'h',
                                             ],
                                             .st = (enum state)UP,
                                             .stats = (struct) {
                                              .rx = (long long)-5000000000,
                                              .ok = (bool)1,
                                             },
                                             .hw = (int [3]) [
                                              (int)7,
                                              (int)-1,
                                             ],
                                            }
0x8 = *
                                            (struct link) {
                                             .name = (char [8]) [
                                              (char)'e',
                                              (char)'t',
                                              (char)'h',
                                             ],
                                             .st = (enum state)UP,
                                             ...
                                            }

