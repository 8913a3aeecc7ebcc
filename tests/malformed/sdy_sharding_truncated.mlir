// ERROR: 2:37: unbalanced '{' character in pretty dialect name
"foo.op"() {s = #sdy.sharding<@m, [{"x"