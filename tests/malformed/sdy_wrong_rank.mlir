// ERROR: 4:8: 'foo.op' op result - sharding doesn't match tensor rank: 1 != 2
sdy.mesh @m = <["a"=4]>
func.func @f() {
  %0 = "foo.op"() {sdy.sharding = #sdy.sharding_per_value<[<@m, [{"a"}]>]>} : () -> tensor<8x8xf32>
  return
}
