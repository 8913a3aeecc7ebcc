"foo.op"() : () -> (!foo.bar, !foo<"anything <goes> here">, !foo.baz<1, [2]>)
