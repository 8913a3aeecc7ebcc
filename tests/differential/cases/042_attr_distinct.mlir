"builtin.module"() ({
  "foo.dist"() {a = distinct[7]<1 : i32>, b = distinct[3]<2 : i32>, c = distinct[7]<1 : i32>, d = [distinct[9]<unit>], e = distinct[4]<"str">, f = distinct[0]<[1, 2]>} : () -> ()
  "foo.dist2"() {x = distinct[3]<2 : i32>, y = distinct[5]<unit>} : () -> ()
}) : () -> ()
