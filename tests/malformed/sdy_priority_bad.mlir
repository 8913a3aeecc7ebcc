// ERROR: 2:43: expecting priority in format 'p<number>', got: pz
"foo.op"() {s = #sdy.sharding<@m, [{"x"}pz]>} : () -> ()
