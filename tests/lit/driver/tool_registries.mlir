// RUN: not stablehlo-opt -allow-unregistered-dialect -split-input-file %s 2>&1 | FileCheck %s --check-prefix=SHLO
// RUN: not sdy_opt -split-input-file %s 2>&1 | FileCheck %s --check-prefix=SDY
// RUN: not sdy_opt -allow-unregistered-dialect -split-input-file %s 2>&1 >/dev/null | FileCheck %s --check-prefix=SDYU
// RUN: not sdy_opt -allow-unregistered-dialect -split-input-file %s 2>/dev/null | FileCheck %s --check-prefix=SDYP
// RUN: not mpmd_opt -allow-unregistered-dialect -split-input-file %s 2>&1 >/dev/null | FileCheck %s --check-prefix=MPMD
// RUN: not mpmd_opt -allow-unregistered-dialect -split-input-file %s 2>/dev/null | FileCheck %s --check-prefix=MPMDP

// Each tool registers the dialects its MLIR counterpart registers, no more:
// stablehlo-opt MLIR's and StableHLO's (chlo, scf, ... reject unknown ops,
// -allow-unregistered-dialect or not), Shardy's sdy_opt sdy, stablehlo,
// func and quant (func's extensions load cf, which loads arith), mpmd_opt
// those and mpmd and tensor. chlo is none of Shardy's: its ops are ops of an
// unregistered dialect there, printed in generic form.

// SHLO: :[[@LINE+2]]:3: error: unregistered operation 'chlo.not_an_op' found in dialect ('chlo') that does not allow unknown operations
func.func @chlo_registered_in_stablehlo_opt() {
  "chlo.not_an_op"() : () -> ()
  return
}
// SHLO: :[[@LINE+2]]:3: error: unregistered operation 'scf.not_an_op' found in dialect ('scf') that does not allow unknown operations
func.func @scf_registered_in_stablehlo_opt() {
  "scf.not_an_op"() : () -> ()
  return
}

// -----

// SDY: :[[@LINE+6]]:18: error: operation being parsed with an unregistered dialect. If this is intended, please use -allow-unregistered-dialect with the MLIR tool used
// SDYP-LABEL: func.func @chlo_unregistered_in_sdy_opt
// SDYP-NEXT: %0 = "chlo.erf"(%arg0) : (tensor<4xf32>) -> tensor<4xf32>
// MPMDP-LABEL: func.func @chlo_unregistered_in_sdy_opt
// MPMDP-NEXT: %0 = "chlo.erf"(%arg0) : (tensor<4xf32>) -> tensor<4xf32>
func.func @chlo_unregistered_in_sdy_opt(%arg0: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "chlo.erf"(%arg0) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// SDYU: :[[@LINE+3]]:3: error: unregistered operation 'cf.not_an_op' found in dialect ('cf') that does not allow unknown operations
// MPMD: :[[@LINE+2]]:3: error: unregistered operation 'cf.not_an_op' found in dialect ('cf') that does not allow unknown operations
func.func @cf_loaded_with_func() {
  "cf.not_an_op"() : () -> ()
  return
}
// SDYU: :[[@LINE+3]]:3: error: unregistered operation 'arith.not_an_op' found in dialect ('arith') that does not allow unknown operations
// MPMD: :[[@LINE+2]]:3: error: unregistered operation 'arith.not_an_op' found in dialect ('arith') that does not allow unknown operations
func.func @arith_loaded_with_cf() {
  "arith.not_an_op"() : () -> ()
  return
}

// -----

// SHLO: :[[@LINE+9]]:3: error: Dialect `mhlo' not found for custom op 'mhlo.not_an_op'
// SHLO-NEXT: mhlo.not_an_op
// SHLO-NEXT: ^
// SHLO-NEXT: :[[@LINE+6]]:3: note: Available dialects: acc, affine, amdgpu, amx, arith, arm_neon, arm_sme, arm_sve, async, bufferization, builtin, cf, check, chlo, complex, dlti, emitc, func, gpu, index, interpreter, irdl, linalg, llvm, math, memref, ml_program, mpi, nvgpu, nvvm, omp, pdl, pdl_interp, ptr, quant, rocdl, scf, shape, shard, smt, sparse_tensor, spirv, stablehlo, tensor, tosa, transform, ub, vector, vhlo, wasmssa, x86vector, xegpu, xevm ; for more info on dialect registration see https://mlir.llvm.org/getting_started/Faq/#registered-loaded-dependent-whats-up-with-dialects-management
// SDY: :[[@LINE+5]]:3: error: Dialect `mhlo' not found for custom op 'mhlo.not_an_op'
// SDY: :[[@LINE+4]]:3: note: Available dialects: builtin, func, quant, sdy, stablehlo ; for more info
// MPMD: :[[@LINE+3]]:3: error: Dialect `mhlo' not found for custom op 'mhlo.not_an_op'
// MPMD: :[[@LINE+2]]:3: note: Available dialects: builtin, func, mpmd, quant, sdy, stablehlo, tensor ; for more info
func.func @custom_op_of_unregistered_dialect() {
  mhlo.not_an_op
  return
}

// -----

// sdy_opt loads mhlo for XLA's passes, but Shardy's leaves it unregistered:
// an mhlo attribute is an opaque one (Shardy's tests put ragged_dot's in
// mhlo.ragged_dot), which only -allow-unregistered-dialect accepts.
// SDYP-LABEL: func.func @mhlo_attribute_opaque
// SDYP-NEXT: %0 = "mhlo.ragged_dot"(%arg0) <{dims = #mhlo.ragged_dot<lhs_ragged_dimensions = [1]>}> : (tensor<4xf32>) -> tensor<4xf32>
func.func @mhlo_attribute_opaque(%arg0: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "mhlo.ragged_dot"(%arg0) <{dims = #mhlo.ragged_dot<lhs_ragged_dimensions = [1]>}> : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
