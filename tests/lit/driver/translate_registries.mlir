// RUN: not stablehlo-translate --interpret %s 2>&1 | FileCheck %s
// RUN: not stablehlo-translate --serialize --target=current %s 2>&1 | FileCheck %s --check-prefix=SER

// Each translation registers its own dialects, as StableHLO's
// stablehlo-translate does: --interpret func, quant, check, interpreter and
// stablehlo (no chlo), --serialize all of MLIR's and StableHLO's.

// CHECK: :[[@LINE+5]]:3: error: Dialect `chlo' not found for custom op 'chlo.not_an_op'
// CHECK: :[[@LINE+4]]:3: note: Available dialects: builtin, check, func, interpreter, quant, stablehlo ; for more info
// SER: :[[@LINE+3]]:3: error: custom op 'chlo.not_an_op' is unknown
// SER-NOT: note
func.func @main() {
  chlo.not_an_op
  return
}
