// ERROR: 2:20: integer bitwidth is limited to 16777215 bits
"foo.op"() : () -> i16777216
