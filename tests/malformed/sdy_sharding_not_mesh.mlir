// ERROR: 2:31: invalid kind of attribute specified
"foo.op"() {s = #sdy.sharding<"m", [{"x"}]>} : () -> ()
