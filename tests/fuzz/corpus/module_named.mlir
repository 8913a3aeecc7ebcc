module @m attributes {foo.attr = 1 : i32} {
  "foo.op"() : () -> ()
}
