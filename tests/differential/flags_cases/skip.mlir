// Regions skipped: functions, generic ops with several regions and blocks,
// nested modules.
module @m attributes {test.a = 1 : i32} {
  func.func @f(%a: i32) -> i32 {
    %0 = "test.region"(%a) ({
    ^bb0(%x: i32):
      "test.yield"(%x) : (i32) -> ()
    }, {
    }) : (i32) -> i32
    return %0 : i32
  }
  module @inner {
    func.func private @g()
  }
  "test.noregion"() : () -> ()
}
