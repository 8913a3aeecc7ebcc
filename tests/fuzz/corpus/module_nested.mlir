module {
  module @inner {
    "foo.op"() : () -> ()
  }
}
