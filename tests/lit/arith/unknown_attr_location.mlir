// An arith attribute mnemonic sharc does not know is reported where
// mlir-opt-22 reports it: at the mnemonic (MLIR's generated dialect
// attribute parser), not at the token after it.
// RUN: not sdy_opt --allow-unregistered-dialect -split-input-file %s 2>&1 | FileCheck %s

// CHECK: unknown_attr_location.mlir:[[@LINE+2]]:27: error: unknown attribute `roundingmode` in dialect `arith`
func.func @roundingmode() {
  "test.op"() {a = #arith.roundingmode<downward>} : () -> ()
  return
}

// -----

// CHECK: unknown_attr_location.mlir:[[@LINE+2]]:54: error: unknown attribute `bogus` in dialect `arith`
func.func @in_properties(%a: i32, %b: i32) -> i32 {
  %0 = "arith.addi"(%a, %b) <{overflowFlags = #arith.bogus}> : (i32, i32) -> i32
  return %0 : i32
}
