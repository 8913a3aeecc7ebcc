// ERROR: 2:1: empty operation name is invalid
""() : () -> ()
