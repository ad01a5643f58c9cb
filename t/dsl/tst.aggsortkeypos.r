
        1  a                                                                 9
        2  a                                                                 1
        1  b                                                                 5
        3  c                                                                 5
