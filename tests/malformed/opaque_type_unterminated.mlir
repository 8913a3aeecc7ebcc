// ERROR: 2:29: expected '"' in string literal
"foo.op"() : () -> !foo<"abc
