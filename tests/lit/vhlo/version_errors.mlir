// RUN: not stablehlo-opt --vhlo-to-version %s 2>&1 | FileCheck %s --check-prefix=EMPTY
// RUN: not stablehlo-opt --vhlo-to-version='target=100.0.0' %s 2>&1 | FileCheck %s --check-prefix=FUTURE
// RUN: not stablehlo-opt --vhlo-to-version='target=0.8.9' %s 2>&1 | FileCheck %s --check-prefix=OLD
// RUN: not stablehlo-opt --vhlo-to-version='target=1.x.0' %s 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: not stablehlo-opt --stablehlo-legalize-to-vhlo --vhlo-to-version='target=1.8.0' %s 2>&1 | FileCheck %s --check-prefix=DOWN
// RUN: stablehlo-opt --stablehlo-legalize-to-vhlo --vhlo-to-version='target=1.9.1' %s | FileCheck %s --check-prefix=PATCH
// The target is checked first; an op whose features the target lacks fails
// with the op's error and then the module's.

// EMPTY: error: No target version specified.
// EMPTY-NEXT: Target version must be of the form `#.#.#`.
// FUTURE: error: target version 100.0.0 is greater than current version 1.20.0
// OLD: error: target version 0.8.9 is less than minimum supported 0.9.0
// BAD: error: Invalid target version argument '1.x.0'
// DOWN: version_errors.mlir:[[@LINE+3]]:8: error: failed to legalize operation 'vhlo.exponential_v2' that was explicitly marked illegal
// DOWN: error: failed to convert VHLO to v1.8.0
func.func @main(%arg0: tensor<f32>) -> tensor<f32> {
  %0 = stablehlo.exponential %arg0 {result_accuracy = #stablehlo.result_accuracy<mode = #stablehlo.result_accuracy_mode<HIGHEST>>} : tensor<f32>
  // PATCH: "vhlo.exponential_v2"
  // PATCH: "vhlo.exponential_v2"
  %1 = stablehlo.exponential %0 : tensor<f32>
  return %1 : tensor<f32>
}
