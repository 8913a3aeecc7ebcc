"builtin.module"() <{sym_name = "my_module"}> ({
  "foo.op"() : () -> ()
}) {mhlo.num_partitions = 4 : i32, xsdy.mesh = "m", a.unit} : () -> ()
