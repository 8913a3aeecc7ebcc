// ERROR: 2:11: expected ')' to end operand list
"test.op"(1) : () -> ()
