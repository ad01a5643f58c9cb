
  write                                                             1
  read                                                              2
write=1|
read=2|
write        1
read         2
SYSCALL NSECS
put
           value  ------------- Distribution ------------- count    
           32768 |                                         0        
           65536 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@ 1        
          131072 |                                         0        


                3
