[       2]
[2       ]
[               1] [ff              ]
[abcde] [      xy] [hel   ] [abc]

