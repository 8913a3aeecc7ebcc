"builtin.module"() ({
  "func.func"() <{function_type = (i32, i32) -> i32, sym_name = "f"}> ({
  ^bb0(%a: i32, %b: i32):
    %x = "foo.a"(%a) : (i32) -> i32
    %y:2 = "foo.b"(%x) ({
    ^bb0(%q: i32):
      %in = "foo.c"(%q, %b) : (i32, i32) -> i32
      "foo.d"() ({
        %deep = "foo.e"(%in, %x) : (i32, i32) -> i32
        "foo.yield"(%deep) : (i32) -> ()
      }) : () -> ()
      "foo.yield"(%in) : (i32) -> ()
    }, {
      %s = "foo.c2"() : () -> i32
      "foo.yield"(%s) : (i32) -> ()
    }) : (i32) -> (i32, i32)
    %z = "foo.f"(%y#1) : (i32) -> i32
    "foo.br"(%z)[^bb1] : (i32) -> ()
  ^bb1:
    %w = "foo.g"() : () -> i32
    "foo.br2"()[^bb2] : () -> ()
  ^bb2(%arg: i32, %arg2: f32):
    "func.return"(%w) : (i32) -> ()
  }) : () -> ()
  "func.func"() <{function_type = () -> i32, sym_name = "g"}> ({
    %c = "foo.k"() : () -> i32
    "func.return"(%c) : (i32) -> ()
  }) : () -> ()
}) : () -> ()
