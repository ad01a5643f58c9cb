
  a                                                                 1
  b                                                                 2
  c                                                                 3
  d                                                                 4
a:10 b:20 c:30 d:40 

  c                                                                30
  d                                                                40

  c                                                                 0
  d                                                                 0


