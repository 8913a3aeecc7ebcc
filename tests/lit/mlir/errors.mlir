// The passes' errors, as mlir-opt-22 reports them (the same file passes
// -verify-diagnostics with both tools).
// RUN: sdy_opt -allow-unregistered-dialect -split-input-file -verify-diagnostics --pass-pipeline='builtin.module(func.func(symbol-dce))' %s -o /dev/null 2>&1 | FileCheck %s --allow-empty --check-prefix=NONE
// RUN: mlir-opt-22 -allow-unregistered-dialect -split-input-file -verify-diagnostics --pass-pipeline='builtin.module(func.func(symbol-dce))' %s -o /dev/null
// RUN: not sdy_opt --pass-pipeline='builtin.module(func.func(symbol-dce))' %s 2>&1 | FileCheck %s --check-prefix=DCE
// RUN: not sdy_opt --pass-pipeline='builtin.module(func.func(inline))' %s 2>&1 | FileCheck %s --check-prefix=INLINE
// NONE-NOT: error
// DCE: error: 'func.func' op  was scheduled to run under SymbolDCE, but does not define a symbol table
// INLINE: error: 'func.func' op  was scheduled to run under the inliner, but does not define a symbol table

// expected-error @below {{'func.func' op  was scheduled to run under SymbolDCE, but does not define a symbol table}}
func.func @f() {
  return
}
