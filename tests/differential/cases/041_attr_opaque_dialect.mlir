"builtin.module"() ({
  "foo.opq"() {a = #a.b<  1,2 >, b = #a<"x\"y">, c = #a.b, d = #a<  "x" >, e = !a.b<  1 ,  2>, f = #a.b.c<[1]{x}(y)<z>>, t = #a.b<"str">, u = !a.b<"s">, y = #a<>, z = #xsdy.sharding<@mesh, [{"x", ?}, {}], replicated={"y"}>, zz = #xsdy.mesh<["x"=2, "y"=4]>, w = [#foo.bar, #foo.bar<1>]} : () -> !a<"  sp ">
  "foo.opq2"() {m = #xmpmd.named_tensor<"a", 1>, n = #foo<"nested<angle<brackets>>">, o = #foo.x<{a = 1, b = [2]}>} : () -> ()
}) : () -> ()
