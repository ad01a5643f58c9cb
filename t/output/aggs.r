{"type":"trace","probe":{"id":1,"provider":"dtrace","module":"","function":"","name":"BEGIN"},"value":42}
{"type":"trace","probe":{"id":1,"provider":"dtrace","module":"","function":"","name":"BEGIN"},"value":-1}
{"type":"trace","probe":{"id":1,"provider":"dtrace","module":"","function":"","name":"BEGIN"},"value":18446744073709551615}
{"type":"printf","probe":{"id":1,"provider":"dtrace","module":"","function":"","name":"BEGIN"},"format":"x=%d s=%s\n","output":"x=7 s=abc\n","args":[7,"abc"]}
{"type":"printa","probe":{"id":1,"provider":"dtrace","module":"","function":"","name":"BEGIN"},"name":"c","function":"count","keys":["a"],"value":1}
{"type":"printa","probe":{"id":1,"provider":"dtrace","module":"","function":"","name":"BEGIN"},"name":"c","function":"count","keys":["b"],"value":2}
{"type":"aggregation","name":"q","function":"quantize","keys":[],"count":3,"sum":96,"buckets":[{"min":-15,"max":-8,"count":1},{"min":4,"max":7,"count":1},{"min":64,"max":127,"count":1}]}
{"type":"aggregation","name":"l","function":"lquantize","keys":[],"count":3,"sum":101,"buckets":[{"min":null,"max":-1,"count":1},{"min":2,"max":3,"count":1},{"min":10,"max":null,"count":1}]}
{"type":"aggregation","name":"ll","function":"llquantize","keys":[],"count":1,"sum":50,"buckets":[{"min":50,"max":59,"count":1}]}
{"type":"aggregation","name":"a","function":"avg","keys":[1,"k"],"value":6,"count":2,"sum":12}
{"type":"aggregation","name":"s","function":"stddev","keys":[],"value":1,"count":2,"sum":8}
{"type":"aggregation","name":"mx","function":"max","keys":[],"value":-3}
{"type":"aggregation","name":"mn","function":"min","keys":[],"value":-3}
{"type":"aggregation","name":"sm","function":"sum","keys":[],"value":12}
