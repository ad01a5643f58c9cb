43 foo tst.macroargs.d 84

