// RUN: sdy_opt %s | FileCheck %s
// RUN: sdy_opt -mlir-print-op-generic %s | FileCheck %s --check-prefix=GEN
// arith.scaling_extf and arith.scaling_truncf (MLIR 22's ArithOps.td):
// `$in, $scale` then truncf's rounding mode and the fastmath flags, and
// `type($in), type($scale) to type($out)`. Outputs are mlir-opt-22's.

// CHECK-LABEL: func.func @f
func.func @f(%a: f4E2M1FN, %s: f8E8M0FNU, %b: tensor<4xf4E2M1FN>, %t: tensor<4xf8E8M0FNU>, %c: f32, %v: vector<4xf16>, %vs: vector<4xf8E8M0FNU>) {
  // CHECK: arith.scaling_extf %arg0, %arg1 : f4E2M1FN, f8E8M0FNU to f32
  // GEN: "arith.scaling_extf"(%arg0, %arg1) : (f4E2M1FN, f8E8M0FNU) -> f32
  %0 = arith.scaling_extf %a, %s : f4E2M1FN, f8E8M0FNU to f32
  // CHECK: arith.scaling_extf %arg2, %arg3 fastmath<fast> : tensor<4xf4E2M1FN>, tensor<4xf8E8M0FNU> to tensor<4xf32>
  // GEN: "arith.scaling_extf"(%arg2, %arg3) <{fastmath = #arith.fastmath<fast>}> : (tensor<4xf4E2M1FN>, tensor<4xf8E8M0FNU>) -> tensor<4xf32>
  %1 = arith.scaling_extf %b, %t fastmath<fast> : tensor<4xf4E2M1FN>, tensor<4xf8E8M0FNU> to tensor<4xf32>
  // CHECK: arith.scaling_truncf %arg4, %arg1 : f32, f8E8M0FNU to f4E2M1FN
  // GEN: "arith.scaling_truncf"(%arg4, %arg1) : (f32, f8E8M0FNU) -> f4E2M1FN
  %2 = arith.scaling_truncf %c, %s : f32, f8E8M0FNU to f4E2M1FN
  // CHECK: arith.scaling_truncf %arg4, %arg1 to_nearest_even fastmath<nnan> : f32, f8E8M0FNU to f4E2M1FN
  // GEN: "arith.scaling_truncf"(%arg4, %arg1) <{fastmath = #arith.fastmath<nnan>, roundingmode = 0 : i32}> : (f32, f8E8M0FNU) -> f4E2M1FN
  %3 = arith.scaling_truncf %c, %s to_nearest_even fastmath<nnan> : f32, f8E8M0FNU to f4E2M1FN
  // CHECK: arith.scaling_extf %arg5, %arg6 : vector<4xf16>, vector<4xf8E8M0FNU> to vector<4xf32>
  %4 = arith.scaling_extf %v, %vs : vector<4xf16>, vector<4xf8E8M0FNU> to vector<4xf32>
  // a scalar scale of a tensor, and a scale of any float type, verify
  // CHECK: arith.scaling_extf %arg2, %arg1 : tensor<4xf4E2M1FN>, f8E8M0FNU to tensor<4xf32>
  %5 = arith.scaling_extf %b, %s : tensor<4xf4E2M1FN>, f8E8M0FNU to tensor<4xf32>
  // CHECK: arith.scaling_extf %arg4, %arg4 : f32, f32 to f64
  %6 = arith.scaling_extf %c, %c : f32, f32 to f64
  // CHECK: arith.scaling_truncf %arg4, %arg1 downward {foo = 2 : i64} : f32, f8E8M0FNU to f16
  %7 = "arith.scaling_truncf"(%c, %s) {roundingmode = 1 : i32, foo = 2} : (f32, f8E8M0FNU) -> f16
  return
}
