// ERROR: 2:42: expecting symbol from 'i' to 'z'. Received: 'a'
"foo.op"() {r = #sdy.op_sharding_rule<([a])->([i]) {i=2}>} : () -> ()
