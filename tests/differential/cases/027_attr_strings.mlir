"builtin.module"() ({
  "foo.s"() {a = "plain", b = "q\"uote", c = "back\\slash", d = "nl\n tab\t", e = "\00\01\1f\7f\80\ff", f = "héllo ☃ 日本", g = "", h = "a\0Ab", i = "{}[]<>()", j = "\\\"\n", k = "'single'", l = "#loc = loc(x)", m = "tab	literal", n = "\AA\bb\Cc"} : () -> ()
  "foo.s2"() {list = ["x", "", "\22", "é"]} : () -> ()
}) : () -> ()
