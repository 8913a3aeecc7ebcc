"builtin.module"() ({
  %a = "foo.const"() {value = 1 : i32} : () -> i32
  %b = "foo.const"() {value = 2 : i32} : () -> i32
  %sum = "foo.add"(%a, %b) : (i32, i32) -> i32
  %prod = "foo.mul"(%sum, %sum) : (i32, i32) -> i32
  "foo.use"(%prod, %a, %b, %sum) : (i32, i32, i32, i32) -> ()
}) : () -> ()
