// Every top-level symbol public, yet an unregistered one-region op (a
// possible symbol table) under one: symbol-dce still reports it (the file
// holds one module, no -split-input-file, so nothing else was ever parsed).
// RUN: sdy_opt -allow-unregistered-dialect -verify-diagnostics -symbol-dce %s -o /dev/null
// RUN: mlir-opt-22 -allow-unregistered-dialect -verify-diagnostics -symbol-dce %s -o /dev/null

// expected-error @below {{operation contains potentially unknown symbol table, meaning that we can't reliable compute symbol uses}}
func.func @pub() {
  "foo.region"() ({
    "foo.x"() : () -> ()
  }) : () -> ()
  return
}
