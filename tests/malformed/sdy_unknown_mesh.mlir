// ERROR: 3:8: 'foo.op' op result - unknown mesh: @missing
func.func @f() {
  %0 = "foo.op"() {sdy.sharding = #sdy.sharding_per_value<[<@missing, [{}]>]>} : () -> tensor<8xf32>
  return
}
