// ERROR: 3:9: operation being parsed with an unregistered dialect. If this is intended, please use -allow-unregist
// NO-UNREGISTERED
"foo.op"() : () -> ()
