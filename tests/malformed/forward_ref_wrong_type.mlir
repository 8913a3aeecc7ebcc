// ERROR: 4:3: definition of SSA value '%x#0' has type 'f32'
"foo.op"() ({
  "foo.use"(%x) : (i32) -> ()
  %x = "foo.def"() : () -> f32
}) : () -> ()
