
        1  a                                                                 9
        1  b                                                                 5
        2  a                                                                 1
        3  c                                                                 5
