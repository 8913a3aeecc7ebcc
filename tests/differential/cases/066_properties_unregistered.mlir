"builtin.module"() ({
  "foo.wrap"() ({
    %0 = "foo.a"() <{b = 2, a = 1}> : () -> i32
    "foo.b"(%0)[^bb1] <{p = "x"}> ({
      "foo.c"() : () -> ()
    }, {
    }) {z = 1, a = 2} : (i32) -> ()
  ^bb1:
    "foo.d"() <{}> {} : () -> ()
    "foo.e"() <{m = affine_map<(d0) -> (d0 + 1)>, t = tuple<i1,i1,i1,i1,i1,i1,i1,i1,i1,i1,i1,i1,i1,i1,i1,i1,i1>, d = distinct[3]<1>, l = loc("p")}> {n = affine_map<(d0) -> (d0 + 2)>} : () -> ()
    "foo.f"() <{m = affine_map<(d0) -> (d0 + 2)>}> : () -> ()
  }) : () -> ()
}) : () -> ()
