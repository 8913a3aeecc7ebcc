"foo.loop"() ({
^bb0(%i: index):
  "foo.yield"(%i) : (index) -> ()
}, {
}) : () -> ()
