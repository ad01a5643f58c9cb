
  q                                                                 2
  r                                                                 1
  p                                                                 1
  x                                                                 1
