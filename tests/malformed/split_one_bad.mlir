// ERROR: 7:9: use of undeclared SSA value name
// ARGS: --split-input-file
"foo.a"() : () -> ()

// -----

"foo.b"(%undef) : (i32) -> ()

// -----

"foo.c"() : () -> ()
