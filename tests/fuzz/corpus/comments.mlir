// a comment
"foo.op"() : () -> () // trailing
// end
