// RUN: sdy_opt --allow-unregistered-dialect -split-input-file -verify-diagnostics %s
// Structural verifier rules (regressions found by the parser fuzzer).

// expected-error @below {{entry block of region may not have predecessors}}
"foo.op"() ({
^bb0:
  %0 = "foo.cond"() : () -> i1
  "foo.cond_br"(%0)[^bb0, ^bb1] : (i1) -> ()
^bb1:
  "foo.ret"() : () -> ()
}) : () -> ()

// -----

// expected-error @below {{empty block: expect at least a terminator}}
func.func @caller(%a: i32) -> i32 {}

// -----

func.func @f(%a: i32) -> i32 {
  // expected-error @below {{block with no terminator}}
  %0 = call @f(%a) : (i32) -> i32
}

// -----

// expected-note @below {{see existing symbol definition here}}
func.func @g() {
  return
}
// expected-error @below {{redefinition of symbol named 'g'}}
func.func @g() {
  return
}

// -----

// A registered op written generically keeps its shape rules (fuzzer found a
// module without a region crashing the printer).
// expected-error @below {{'builtin.module' op requires one region}}
"builtin.module"() : () -> ()

// -----

// expected-error @below {{'func.func' op requires one region}}
"func.func"() <{function_type = () -> (), sym_name = "f"}> : () -> ()

// -----

// expected-error @below {{'builtin.module' op requires zero results}}
%0 = "builtin.module"() ({}) : () -> i32
