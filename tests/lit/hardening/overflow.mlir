// Sizes computed from the input overflow int64: a located error, never a
// wrapped value that is then accepted.
// RUN: sdy_opt -verify-diagnostics -split-input-file %s
// RUN: mpmd_opt -verify-diagnostics -split-input-file %s

// Three axes of 2^21 make 2^63: one past INT64_MAX.
// expected-error @+1 {{total product of axis sizes overflows int64 at axis "z"}}
sdy.mesh @m = <["x"=2097152, "y"=2097152, "z"=2097152]>

// -----

// With device ids the product is compared to their count: it must not wrap
// to a small number first (2^32 * 2^32 wraps to 0).
// expected-error @+1 {{total product of axis sizes overflows int64 at axis "b"}}
sdy.mesh @m = <["a"=4294967296, "b"=4294967296], device_ids=[0]>

// -----

// A product that fits is fine.
sdy.mesh @ok = <["a"=3037000499, "b"=3037000499]>

// -----

// (2^32+1) * (2^32+1) wraps to 2^33+1 ... but the real product is 2^64 + ...:
// the sub-axis cannot divide an axis of 16.
sdy.mesh @m = <["a"=16]>
// expected-error @+1 {{sub-axis next pre-size 4294967297*4294967297 overflows int64 and doesn't divide the size of the full axis 16}}
func.func @f(%arg0: tensor<16xf32> {sdy.sharding = #sdy.sharding<@m, [{"a":(4294967297)4294967297}]>}) -> tensor<16xf32> {
  return %arg0 : tensor<16xf32>
}

// -----

// 2^62 * 4 wraps to 0 in int64, and 16 % 0 would divide by zero.
sdy.mesh @m = <["a"=16]>
func.func @f(%arg0: tensor<16xf32>) -> tensor<16xf32> {
  // expected-error @+1 {{sub-axis next pre-size 4611686018427387904*4 overflows int64}}
  %0 = sdy.sharding_constraint %arg0 <@m, [{"a":(4611686018427387904)4}]> : tensor<16xf32>
  return %0 : tensor<16xf32>
}

// -----

// An element count past INT64_MAX (2^16^4 = 2^64) in a dense literal.
func.func @f() {
  // expected-error @+1 {{integer overflow in element count computation}}
  %0 = stablehlo.constant dense<0> : tensor<65536x65536x65536x65536xi8>
  return
}

// -----

// The same through hex data, which is a splat for any count.
func.func @f() {
  // expected-error @+1 {{integer overflow in element count computation}}
  %0 = stablehlo.constant dense<"0x00"> : tensor<3037000500x3037000500xi8>
  return
}

// -----

// An empty literal counts the elements too.
func.func @f() {
  // expected-error @+1 {{integer overflow in element count computation}}
  %0 = stablehlo.constant dense<> : tensor<4294967296x4294967296xi8>
  return
}

// -----

// Reshape compares element counts: 2^33 * 2^31 would wrap to 0, the same as
// a tensor with a zero dimension.
func.func @f(%arg0: tensor<8589934592x2147483648xf32>) -> tensor<0xf32> {
  // expected-error @+1 {{integer overflow in element count computation}}
  %0 = stablehlo.reshape %arg0 : (tensor<8589934592x2147483648xf32>) -> tensor<0xf32>
  return %0 : tensor<0xf32>
}

// -----

// Padding past INT64_MAX.
func.func @f(%arg0: tensor<4xf32>, %arg1: tensor<f32>) -> tensor<4xf32> {
  // expected-error @+2 {{Padding result in size overflowing int64 for dimension 0}}
  // expected-error @+1 {{'stablehlo.pad' op failed to infer returned types}}
  %0 = stablehlo.pad %arg0, %arg1, low = [9223372036854775800], high = [100], interior = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// Interior padding times the dimension overflows.
func.func @f(%arg0: tensor<5xf32>, %arg1: tensor<f32>) -> tensor<5xf32> {
  // expected-error @+2 {{Padding result in size overflowing int64 for dimension 0}}
  // expected-error @+1 {{'stablehlo.pad' op failed to infer returned types}}
  %0 = stablehlo.pad %arg0, %arg1, low = [0], high = [0], interior = [4611686018427387904] : (tensor<5xf32>, tensor<f32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

// A stride near INT64_MAX on the largest dimension: the result size is
// computed without overflow (one element).
func.func @f(%arg0: tensor<9223372036854775807xf32>) -> tensor<1xf32> {
  %0 = stablehlo.slice %arg0 [0:9223372036854775807:9223372036854775807] : (tensor<9223372036854775807xf32>) -> tensor<1xf32>
  return %0 : tensor<1xf32>
}

// -----

// bitcast_convert multiplies the last dimension by the element width.
func.func @f(%arg0: tensor<4611686018427387904xi8>) -> tensor<i64> {
  // expected-error @+1 {{requires compatible bit widths}}
  %0 = stablehlo.bitcast_convert %arg0 : (tensor<4611686018427387904xi8>) -> tensor<i64>
  return %0 : tensor<i64>
}
