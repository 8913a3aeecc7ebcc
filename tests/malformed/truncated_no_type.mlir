// ERROR: 2:11: expected ':' followed by operation type
"foo.op"()
