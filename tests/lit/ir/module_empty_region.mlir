// RUN: sdy_opt --allow-unregistered-dialect -split-input-file -verify-diagnostics %s
// builtin.module's body is ODS's SizedRegion<1>: the generic form's
// `({ })` (no block; SingleBlock lets it through) fails the region
// constraint, as mlir-opt-22 reports it, at the top level, nested, inside a
// function or next to other ops. sharc printed an empty module.

// expected-error @below {{'builtin.module' op region #0 ('bodyRegion') failed to verify constraint: region with 1 blocks}}
"builtin.module"() ({ }) : () -> ()

// -----

module {
  // expected-error @below {{'builtin.module' op region #0 ('bodyRegion') failed to verify constraint: region with 1 blocks}}
  "builtin.module"() ({ }) {sym_name = "m", foo = 1} : () -> ()
  "foo.op"() : () -> ()
}

// -----

func.func @f() {
  // expected-error @below {{'builtin.module' op region #0 ('bodyRegion') failed to verify constraint: region with 1 blocks}}
  "builtin.module"() ({ }) : () -> ()
  return
}
