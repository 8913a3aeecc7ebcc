// RUN: sdy_opt %s -split-input-file -verify-diagnostics
// Checks of Shardy's verifiers.cc that the conformance corpus leaves out,
// and the order MLIR runs verifiers in (symbol uses once the module's
// functions verified).

sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func @source_is_target(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{propagation edges have a source that is the same as a target}}
  %0 = stablehlo.add %arg0, %arg0 {sdy.propagation_edges = #sdy.propagation_edges<[{step-0 = [{"a" = operand-0 -> [operand-0]}]}]>, sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}]>]>} : tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func @duplicate_targets(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{propagation edges have duplicate targets for step index: 0 and axis: a}}
  %0 = stablehlo.add %arg0, %arg0 {sdy.propagation_edges = #sdy.propagation_edges<[{step-0 = [{"a" = operand-1 -> [operand-0, result-0, operand-0]}]}]>, sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}]>]>} : tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func @duplicate_step(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{propagation edges have duplicate step index: 1}}
  %0 = stablehlo.add %arg0, %arg0 {sdy.propagation_edges = #sdy.propagation_edges<[{step-1 = [{"a" = operand-1 -> [operand-0]}]}, {step-1 = [{"a" = operand-1 -> [operand-0]}]}]>, sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}]>]>} : tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func @negative_step(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{propagation edges have negative step index: -1}}
  %0 = stablehlo.add %arg0, %arg0 {sdy.propagation_edges = #sdy.propagation_edges<[{step--1 = [{"a" = operand-1 -> [operand-0]}]}]>, sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}]>]>} : tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

// expected-error @+1 {{sorted device ids must be iota(product(axes)), got: 1, 2}}
sdy.mesh @mesh = <["a"=2], device_ids=[2, 1]>

// -----

func.func @mesh_in_func(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // HasParent<ModuleOp> is a structural trait: verified before the rest.
  // expected-error @+1 {{'sdy.mesh' op expects parent op 'builtin.module'}}
  sdy.mesh @mesh = <["a"=2]>
  return %arg0 : tensor<8xf32>
}

// -----

// A symbol use (the unknown mesh) is checked after every function verified:
// the return error in the later function is the one reported.
func.func @unknown_mesh(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  %0 = sdy.sharding_constraint %arg0 <@unknown, [{}]> : tensor<8xf32>
  return %0 : tensor<8xf32>
}
func.func @bad_return(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'func.return' op has 0 operands, but enclosing function (@bad_return) returns 1}}
  return
}

// -----

sdy.mesh @mesh = <["a"=2]>
// Symbol uses go in walkSymbolTable's order: the functions' bodies from the
// last one pushed, so the second function's error is the one reported.
func.func @first(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  %0 = sdy.sharding_constraint %arg0 <@unknown, [{}]> : tensor<8xf32>
  return %0 : tensor<8xf32>
}
func.func @second(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'sdy.reshard' op unknown mesh: @other}}
  %0 = sdy.reshard %arg0 <@other, [{}]> : tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

// Every function is verified: each reports its first error.
func.func @a(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'sdy.propagation_barrier' op cannot specify `BOTH` as the direction. Not blocking propagation direction makes the op redundant.}}
  %0 = sdy.propagation_barrier %arg0 allowed_direction=BOTH : tensor<8xf32>
  return %0 : tensor<8xf32>
}
func.func @b(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'sdy.propagation_barrier' op cannot specify `BOTH` as the direction. Not blocking propagation direction makes the op redundant.}}
  %0 = sdy.propagation_barrier %arg0 allowed_direction=BOTH : tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

// Symbol uses stop at the first failure, walking the last function first.
sdy.mesh @mesh = <["a"=2]>
func.func @c(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  %0 = sdy.sharding_constraint %arg0 <@mesh, [{}, {}]> : tensor<8xf32>
  return %0 : tensor<8xf32>
}
func.func @d(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'sdy.sharding_constraint' op sharding doesn't match tensor rank: 2 != 1}}
  %0 = sdy.sharding_constraint %arg0 <@mesh, [{}, {}]> : tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

// SingleBlock and SingleBlockImplicitTerminator are structural traits:
// verified before the ODS constraints (the missing `name` attribute).
func.func @two_blocks(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'sdy.named_computation' op expects region #0 to have 0 or 1 blocks}}
  %0 = "sdy.named_computation"(%arg0) ({
  ^bb0(%a: tensor<8xf32>):
    sdy.return %a : tensor<8xf32>
  ^bb1:
    sdy.return %a : tensor<8xf32>
  }) : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

func.func @wrong_terminator(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+2 {{'sdy.named_computation' op expects regions to end with 'sdy.return', found 'func.return'}}
  // expected-note @+1 {{in custom textual format, the absence of terminator implies 'sdy.return'}}
  %0 = "sdy.named_computation"(%arg0) ({
  ^bb0(%a: tensor<8xf32>):
    func.return %a : tensor<8xf32>
  }) : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}
