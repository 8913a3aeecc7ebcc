// RUN: sdy_opt %s --allow-unregistered-dialect -split-input-file -verify-diagnostics

sdy.mesh @m = <["x"=4, "y"=2]>
// expected-error @+1 {{'func.func' op arg 0 - unknown mesh: @nope}}
func.func @f(%a: tensor<8xf32> {sdy.sharding = #sdy.sharding<@nope, [{}]>}) { return }

// -----
sdy.mesh @m = <["x"=4, "y"=2]>
// expected-error @+1 {{'func.func' op result 0 - unknown axis name: "z"}}
func.func @f(%a: tensor<8xf32>) -> (tensor<8xf32> {sdy.sharding = #sdy.sharding<@m, [{"z"}]>}) { return %a : tensor<8xf32> }

// -----
sdy.mesh @m = <["x"=4, "y"=2]>
// expected-error @+1 {{arg 0 - duplicate axis ref: "x":(1)2}}
func.func @f(%a: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@m, [{"x":(1)2}, {"x":(1)2}]>}) { return }

// -----
sdy.mesh @m = <["x"=4, "y"=2]>
// expected-error @+1 {{arg 0 - sharding doesn't match tensor rank: 1 != 2}}
func.func @f(%a: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@m, [{"x"}]>}) { return }

// -----
sdy.mesh @m = <["x"=4, "y"=2]>
// expected-error @+1 {{arg 0 - non-shaped tensors can only have a sharding with rank 0 and no replicated or unreduced axes. type: 'i32', sharding: #sdy.sharding<@m, [{}]>}}
func.func @f(%a: i32 {sdy.sharding = #sdy.sharding<@m, [{}]>}) { return }

// -----
sdy.mesh @m = <["x"=4, "y"=2]>
// expected-error @+1 {{arg 0 - only ranked tensors can have a sharding. type: 'tensor<*xf32>'}}
func.func @f(%a: tensor<*xf32> {sdy.sharding = #sdy.sharding<@m, []>}) { return }

// -----
sdy.mesh @m = <["x"=4, "y"=2]>
// expected-error @+1 {{arg 0 - replicated axes are not ordered w.r.t. mesh}}
func.func @f(%a: tensor<8xf32> {sdy.sharding = #sdy.sharding<@m, [{}], replicated={"y", "x"}>}) { return }

// -----
sdy.mesh @m = <["x"=4, "y"=2]>
// expected-error @+1 {{arg 0 - both sub-axis and full-axis are used for axis name: "x"}}
func.func @f(%a: tensor<8xf32> {sdy.sharding = #sdy.sharding<@m, [{"x"}], unreduced={"x":(1)2}>}) { return }

// -----
sdy.mesh @m = <["x"=4, "y"=2]>
// expected-error @+1 {{arg 0 - two consecutive sub-axes can be merged: "x":(1)2, "x":(2)2}}
func.func @f(%a: tensor<8xf32> {sdy.sharding = #sdy.sharding<@m, [{"x":(1)2, "x":(2)2}]>}) { return }

// -----
sdy.mesh @m = <["x"=8]>
// expected-error @+1 {{arg 0 - sub-axis next pre-size 12 doesn't divide the size of the full axis 8: "x":(4)3}}
func.func @f(%a: tensor<8xf32> {sdy.sharding = #sdy.sharding<@m, [{"x":(4)3}]>}) { return }

// -----
sdy.mesh @m = <["x"=8]>
// expected-error @+1 {{arg 0 - overlapping sub-axes: "x":(1)4, "x":(2)2}}
func.func @f(%a: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@m, [{"x":(1)4}, {"x":(2)2}]>}) { return }

// -----
sdy.mesh @m = <["x"=8]>
// expected-error @+1 {{arg 0 - sub-axis size is equal to the full axis size: "x":(1)8}}
func.func @f(%a: tensor<8xf32> {sdy.sharding = #sdy.sharding<@m, [{"x":(1)8}]>}) { return }

// -----
sdy.mesh @m = <["x"=8]>
// expected-error @+1 {{arg 0 - dim 0 is empty and closed but has a priority}}
func.func @f(%a: tensor<8xf32> {sdy.sharding = #sdy.sharding<@m, [{}p2]>}) { return }

// -----
sdy.mesh @max = <[], device_ids=[5]>
// expected-error @+1 {{arg 0 - a maximal sharding can only have a sharding with rank 0 and no replicated or unreduced axes.}}
func.func @f(%a: tensor<8xf32> {sdy.sharding = #sdy.sharding<@max, [{}]>}) { return }

// -----
sdy.mesh @m = <["x"=8]>
func.func @f(%a: tensor<8xf32>) {
  // expected-error @+1 {{'foo.op' op result shardings don't match number of values: 1 shardings vs 2 values}}
  %0:2 = "foo.op"() {sdy.sharding = #sdy.sharding_per_value<[<@m, [{}]>]>} : () -> (tensor<8xf32>, tensor<8xf32>)
  return
}

// -----
sdy.mesh @m = <["x"=8]>
func.func @f(%a: tensor<8xf32>) {
  // expected-error @+1 {{'foo.op' op result 1 - unknown axis name: "q"}}
  %0:2 = "foo.op"() {sdy.sharding = #sdy.sharding_per_value<[<@m, [{}]>, <@m, [{"q"}]>]>} : () -> (tensor<8xf32>, tensor<8xf32>)
  return
}

// -----
sdy.mesh @m = <["x"=8]>
func.func @f(%a: tensor<8xf32>) {
  // a single fully replicated sharding is fine on an op without results
  "foo.op"() {sdy.sharding = #sdy.sharding_per_value<[<@m, []>]>} : () -> ()
  // expected-error @+1 {{'foo.op' op should have a sharding attribute of type TensorShardingPerValueAttr}}
  "foo.op"() {sdy.sharding = #sdy.sharding<@m, []>} : () -> ()
  return
}

// -----
// expected-error @+1 {{'func.func' op arg 0 - should have a sharding attribute of type TensorShardingAttr}}
func.func @f(%a: tensor<8xf32> {sdy.sharding = 1 : i32}) { return }

// -----
func.func @f(%a: tensor<8xf32>) {
  // expected-error @+1 {{'foo.op' op result - ops can only have a sharding for a tuple of size 1: 'tuple<tensor<8xf32>, tensor<8xf32>>'}}
  %0 = "foo.op"(%a) {sdy.sharding = #sdy.sharding_per_value<[<mesh<["x"=2]>, [{}]>]>} : (tensor<8xf32>) -> tuple<tensor<8xf32>, tensor<8xf32>>
  return
}

// -----
func.func @f(%a: tensor<4x8xf32>) {
  // expected-error @+1 {{'foo.op' op operand - mapping rank must match: 1 != 2}}
  %0 = "foo.op"(%a) {sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i]) {i=4}>} : (tensor<4x8xf32>) -> tensor<4xf32>
  return
}

// -----
func.func @f(%a: tensor<4x8xf32>) {
  // expected-error @+1 {{'foo.op' op has factor k=3 that isn't used in operand and result mappings}}
  %0 = "foo.op"(%a) {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i]) {i=4, j=8, k=3}>} : (tensor<4x8xf32>) -> tensor<4xf32>
  return
}

// -----
func.func @f(%a: tensor<4x8xf32>) {
  // expected-error @+1 {{'foo.op' op result - expecting factor indices to be within 0<=...<num_factors; received: 2, num_factors: 2}}
  %0 = "foo.op"(%a) {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([k]) {i=4, j=8}>} : (tensor<4x8xf32>) -> tensor<4xf32>
  return
}

// -----
func.func @f(%a: tensor<4x8xf32>) {
  // expected-error @+1 {{'foo.op' op reduction factor cannot be in result mappings}}
  %0 = "foo.op"(%a) {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i]) {i=4, j=8} reduction={i}>} : (tensor<4x8xf32>) -> tensor<4xf32>
  return
}

// -----
func.func @f(%a: tensor<4x8xf32>) {
  // expected-error @+1 {{'foo.op' op a factor can only be in one of the reduction, need replication, or permutation factor sets}}
  %0 = "foo.op"(%a) {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i]) {i=4, j=8} reduction={j} permutation={j}>} : (tensor<4x8xf32>) -> tensor<4xf32>
  return
}

// -----
func.func @f(%a: tensor<?x8xf32>) {
  // expected-error @+1 {{'foo.op' op operand - expected a ranked tensor with a static shape. type: 'tensor<?x8xf32>'}}
  %0 = "foo.op"(%a) {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i]) {i=4, j=8}>} : (tensor<?x8xf32>) -> tensor<4xf32>
  return
}

// -----
func.func @f(%a: tensor<4x8xf32>) {
  // expected-error @+1 {{'foo.op' op should have a sharding rule attribute of type OpShardingRuleAttr for attr named 'sdy.sharding_rule'}}
  %0 = "foo.op"(%a) {sdy.sharding_rule = 1} : (tensor<4x8xf32>) -> tensor<4xf32>
  return
}

// -----
sdy.mesh @m = <["x"=2, "y"=2]>
func.func @f(%a: tensor<8xf32> {sdy.sharding = #sdy.sharding<@m, [{"x"}]>}) {
  // expected-error @+1 {{'foo.op' op expected axis ref to be in one of the meshes}}
  %0 = "foo.op"(%a) {sdy.propagation_edges = #sdy.propagation_edges<[{step-0 = [{"z" = operand-0 -> [result-0]}]}]>} : (tensor<8xf32>) -> tensor<8xf32>
  return
}

// -----
sdy.mesh @m = <["x"=2, "y"=2]>
func.func @f(%a: tensor<8xf32> {sdy.sharding = #sdy.sharding<@m, [{"x"}]>}) {
  // expected-error @+1 {{'foo.op' op expected a value ref to have a result index in range [0, 1), got: 3}}
  %0 = "foo.op"(%a) {sdy.propagation_edges = #sdy.propagation_edges<[{step-0 = [{"x" = operand-0 -> [result-3]}]}]>} : (tensor<8xf32>) -> tensor<8xf32>
  return
}

// -----
func.func @f(%a: tensor<8xf32>) {
  // expected-error @+1 {{'foo.op' op expected propagation edges attr to reference a sharding.}}
  %0 = "foo.op"(%a) {sdy.propagation_edges = #sdy.propagation_edges<[{step-0 = [{"x" = operand-0 -> [result-0]}]}]>} : (tensor<8xf32>) -> tensor<8xf32>
  return
}

// -----
// expected-error @+1 {{duplicate axis name: "a"}}
sdy.mesh @m = <["a"=2, "a"=4]>

// -----
// expected-error @+2 {{axis size must be at least 1, got: 0}}
// expected-error @+1 {{failed to parse Sdy_Mesh parameter 'axes' which is to be a `::llvm::ArrayRef<MeshAxisAttr>`}}
sdy.mesh @m = <["a"=0]>

// -----
// expected-error @+1 {{total product of axis sizes must match total number of device ids, got: 2 != 3}}
sdy.mesh @m = <["a"=2], device_ids=[0, 1, 2]>

// -----
// expected-error @+1 {{sorted device ids must be iota(product(axes)), got: 0, 2}}
sdy.mesh @m = <["a"=2], device_ids=[2, 0]>

// -----
// expected-error @+1 {{axes is empty and device_ids has more than one element}}
sdy.mesh @m = <[], device_ids=[0, 1]>

// -----
// expected-error @+1 {{device id must be non-negative, got: -1}}
sdy.mesh @m = <[], device_ids=[-1]>

// -----
// expected-error @+2 {{failed to parse Sdy_TensorSharding parameter 'dim_shardings' which is to be a `::llvm::ArrayRef<DimensionShardingAttr>`}}
// expected-error @+1 {{expecting priority in format 'p<number>', got: q1}}
func.func @f(%a: tensor<8xf32> {sdy.sharding = #sdy.sharding<@m, [{"x"}q1]>}) { return }

// -----
// expected-error @+3 {{expected string}}
// expected-error @+2 {{failed to parse Sdy_AxisRef parameter 'name' which is to be a `::llvm::StringRef`}}
// expected-error @+1 {{failed to parse Sdy_TensorSharding parameter 'dim_shardings' which is to be a `::llvm::ArrayRef<DimensionShardingAttr>`}}
func.func @f(%a: tensor<8xf32> {sdy.sharding = #sdy.sharding<@m, [{x}]>}) { return }

// -----
// expected-error @+3 {{failed to parse Sdy_TensorMapping parameter 'dim_mappings' which is to be a `::llvm::ArrayRef<DimMappingAttr>`}}
// expected-error @+2 {{failed to parse Sdy_OpShardingRule parameter 'operand_mappings' which is to be a `::llvm::ArrayRef<TensorMappingAttr>`}}
// expected-error @+1 {{expecting symbol from 'i' to 'z'. Received: 'b'}}
"foo.op"() {r = #sdy.op_sharding_rule<([b])->([i]) {i=4}>} : () -> ()

// -----
// expected-error @+1 {{expecting single factor symbol: j}}
"foo.op"() {r = #sdy.op_sharding_rule<([i])->([i]) {ij=4}>} : () -> ()

// -----
// expected-error @+1 {{unknown attribute `nonsense` in dialect `sdy`}}
"foo.op"() {r = #sdy.nonsense<1>} : () -> ()
