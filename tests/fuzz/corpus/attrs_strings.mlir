"foo.op"() {a = "esc \"q\" \\\\ \n \t \00 \FF", b = "" , c = "utf8 é"} : () -> ()
