// ERROR: 2:38: unbalanced '<' character in pretty dialect name
"foo.op"() {s = #sdy.op_sharding_rule<([i])->