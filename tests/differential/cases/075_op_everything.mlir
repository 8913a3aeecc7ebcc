"builtin.module"() ({
  "foo.holder"() ({
  ^bb0(%in: tensor<?xf32>, %flag: i1):
    %r:2 = "foo.everything"(%in, %flag)[^bb1, ^bb2] <{prop_b = [1, 2], prop_a = "p"}> ({
    ^bb0(%inner: f32 loc("inner_arg")):
      "foo.yield"(%inner) : (f32) -> () loc("yield")
    }, {
      "foo.yield2"() : () -> ()
    }) {attr_z = dense<[1.5, 2.5]> : tensor<2xf32>, attr_a = array<i32: 1>, attr_m = @sym} : (tensor<?xf32>, i1) -> (tensor<?xf32>, i1) loc(fused<"everything">["a":1:1, "b"])
  ^bb1:
    "foo.use"(%r#0, %r#1) : (tensor<?xf32>, i1) -> ()
  ^bb2:
    "foo.end"() : () -> ()
  }) : () -> ()
}) : () -> ()
