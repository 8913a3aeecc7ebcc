// A tensor sharding's text and a sharding list's text are each parsed once
// per file and looked up by text afterwards; the two share one table, so a
// text met first as one kind must not come back as the other where the
// other is parsed (a list where one sharding goes): that is the parse
// error it always was. Read as the wrong kind, a list in a mesh tensor's
// sharding crashed mpmd_opt (session 16 review).
// mpmd_opt: the mesh tensor type is mpmd's (sdy_opt reads it as opaque).
// RUN: mpmd_opt --allow-unregistered-dialect -split-input-file -verify-diagnostics %s

sdy.mesh @mesh = <["a"=2]>

func.func @sharding_then_list(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  %0 = sdy.sharding_constraint %arg0 <@mesh, [{"a"}]> : tensor<8xf32>
  // expected-error @+1 {{expected '['}}
  %1 = sdy.manual_computation(%0) in_shardings=<@mesh, [{"a"}]> out_shardings=[<@mesh, [{"a"}]>] manual_axes={"a"} (%a: tensor<4xf32>) {
    sdy.return %a : tensor<4xf32>
  } : (tensor<8xf32>) -> tensor<8xf32>
  return %1 : tensor<8xf32>
}

// -----

sdy.mesh @mesh = <["a"=2]>

func.func @list_then_sharding(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a"}]>] out_shardings=[<@mesh, [{"a"}]>] manual_axes={"a"} (%a: tensor<4xf32>) {
    sdy.return %a : tensor<4xf32>
  } : (tensor<8xf32>) -> tensor<8xf32>
  // expected-error @+1 {{expected '<'}}
  %1 = sdy.sharding_constraint %0 [<@mesh, [{"a"}]>] : tensor<8xf32>
  return %1 : tensor<8xf32>
}

// -----

func.func @list_then_mesh_tensor_sharding(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  %0 = "foo.op"() {s = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>} : () -> tensor<8xf32>
  // expected-error @+1 {{expected '<'}}
  "foo.use"() {a = !mpmd.mesh_tensor<"m1", tensor<8xf32>, sharding=[<@mesh, [{"x"}]>]>} : () -> ()
  return %0 : tensor<8xf32>
}
