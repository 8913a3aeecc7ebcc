// ERROR: 3:12: expected ')'
"foo.op"() ({
^bb0(%a: i32