// -inline into func bodies of callees holding ops of dialects whose inliner
// interface lets every op be inlined: arith and complex (their ops only),
// tensor (its ops and regions); an unregistered op has no interface, so a
// callee holding one stays called. Byte-identical to mlir-opt-22 (sdy_opt
// has arith; stablehlo-opt tensor and complex too).
// RUN: sdy_opt -allow-unregistered-dialect -split-input-file -inline='default-pipeline=' %s > %t.sharc
// RUN: mlir-opt-22 -allow-unregistered-dialect -split-input-file -inline='default-pipeline=' %s > %t.mlir
// RUN: diff %t.sharc %t.mlir
// RUN: FileCheck %s < %t.sharc
// RUN: stablehlo-opt -allow-unregistered-dialect -inline='default-pipeline=' %S/Inputs/inline_tensor_complex.mlir > %t.tc.sharc
// RUN: mlir-opt-22 -allow-unregistered-dialect -inline='default-pipeline=' %S/Inputs/inline_tensor_complex.mlir > %t.tc.mlir
// RUN: diff %t.tc.sharc %t.tc.mlir
// RUN: FileCheck %s --check-prefix=TC < %t.tc.sharc

// CHECK-LABEL: func.func @arith
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: %0 = arith.addi %arg0, %c1_i32 : i32
// CHECK-NEXT: %1 = arith.cmpi slt, %0, %arg0 : i32
// CHECK-NEXT: %2 = arith.select %1, %0, %arg0 : i32
// CHECK-NEXT: return %2 : i32
// CHECK-NOT: func.func private @g
func.func private @g(%a: i32) -> i32 {
  %c = arith.constant 1 : i32
  %0 = arith.addi %a, %c : i32
  %1 = arith.cmpi slt, %0, %a : i32
  %2 = arith.select %1, %0, %a : i32
  return %2 : i32
}
func.func @arith(%a: i32) -> i32 {
  %0 = func.call @g(%a) : (i32) -> i32
  return %0 : i32
}

// -----

// CHECK-LABEL: func.func private @u
// CHECK: func.func @unregistered
// CHECK-NEXT: call @u
func.func private @u(%a: i32) -> i32 {
  %c = arith.constant 1 : i32
  %0 = "foo.op"(%a, %c) : (i32, i32) -> i32
  return %0 : i32
}
func.func @unregistered(%a: i32) -> i32 {
  %0 = func.call @u(%a) : (i32) -> i32
  return %0 : i32
}

// TC-LABEL: func.func @f
// TC-NEXT: %0 = tensor.empty() : tensor<2xf32>
// TC-NEXT: %cast = tensor.cast %0 : tensor<2xf32> to tensor<?xf32>
// TC-NEXT: %cst = complex.constant
// TC-NEXT: %1 = arith.index_cast %arg0 : index to i64
// TC-NEXT: return %cast, %cst, %1
