tst.macrostr.d|a/b|quoted|8|0

