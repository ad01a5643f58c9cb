foo foobar 3 abc 40
in alloca 16

