[hello]
[hello]
[he]
[0]
[7  ]
[5]

