// ERROR: 3:42: expected integer value
sdy.mesh @m = <["a"=4]>
"foo.op"() {s = #sdy.sharding<@m, [{"a":(x)2}]>} : () -> ()
