
        1  a                                                                 9
        1  b                                                                 5
        2  a                                                                 1
        3  c                                                                 5

        1  a                                                                 9
        2  a                                                                 1
        1  b                                                                 5
        3  c                                                                 5

        1  a                                                                 9
        3  c                                                                 5
        1  b                                                                 5
        2  a                                                                 1

