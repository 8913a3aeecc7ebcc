// -mpmd-extract-reshards-from-inter-mesh-transfers: host memory decides the
// side (to host: the producer; from host: the consumers; host to host is
// reported without failing); on the producer side an argument or a
// transfer result goes through a new identity fragment, a fragment result
// is retyped (other transfer and return users keep the old value through an
// identity fragment); on the consumer side the transfer is rebuilt bare
// (attributes other than the sharding it gets are dropped), fragment users
// take the source sharding and transfer and return users go through an
// identity fragment. Only the first resharding transfer of the process is
// warned about.

// RUN: mpmd_opt %s -mpmd-extract-reshards-from-inter-mesh-transfers -split-input-file -verify-diagnostics | FileCheck %s

!d1 = !mpmd.mesh_tensor<"m1", tensor<8x2xf32>>
!d2 = !mpmd.mesh_tensor<"m2", tensor<8x2xf32>>
!h1 = !mpmd.mesh_tensor<"m1", tensor<8x2xf32>, memory_kind="pinned_host">
!h2 = !mpmd.mesh_tensor<"m2", tensor<8x2xf32>, memory_kind="pinned_host">
#topology = #mpmd.topology<<"m1" : <["x"=4]>>, <"m2" : <["x"=4]>>>

sdy.mesh @mesh = <["x"=4]>

// CHECK-LABEL: func @host_to_host
func.func @host_to_host(%arg0: !h1 {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (!h2, !h2) attributes {topology = #topology} {
  // CHECK-NEXT: mpmd.transfer {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}]>]>} %arg0
  // expected-error@+1 {{Resharding on host not supported with an mpmd.transfer.}}
  %0 = mpmd.transfer {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}]>]>} %arg0 : (!h1) -> !h2
  // reported even when nothing reshards
  // expected-error@+1 {{Resharding on host not supported with an mpmd.transfer.}}
  %1 = mpmd.transfer {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>} %arg0 : (!h1) -> !h2
  return %0, %1 : !h2, !h2
}

// The destination is on host: reshard at the producer, whatever the sizes.
// CHECK-LABEL: func @to_host
func.func @to_host(%arg0: !d1 {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) -> !h2 attributes {topology = #topology} {
  // CHECK-NEXT: %[[R:.*]] = mpmd.fragment<mesh="m1", origin=[], out_shardings=[<@mesh, [{"x"}, {}]>]> (%arg0) {mpmd.inferred_by = ["extract_reshards"]} (%arg1: tensor<8x2xf32>) {
  // CHECK-NEXT:   mpmd.return %arg1 : tensor<8x2xf32>
  // CHECK-NEXT: } : (!mpmd.mesh_tensor<"m1", tensor<8x2xf32>>) -> !mpmd.mesh_tensor<"m1", tensor<8x2xf32>>
  // CHECK-NEXT: mpmd.transfer {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>} %[[R]] : (!mpmd.mesh_tensor<"m1", tensor<8x2xf32>>) -> !mpmd.mesh_tensor<"m2", tensor<8x2xf32>, memory_kind="pinned_host">
  // expected-warning@+1 {{Found a resharding transfer in the module. This may cause performance issues.}}
  %0 = mpmd.transfer {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>} %arg0 : (!d1) -> !h2
  return %0 : !h2
}

// The source is on host: reshard at the consumers, whatever the sizes. The
// rebuilt transfer drops the memory kind nowhere (the destination had
// none) and its other attributes.
// CHECK-LABEL: func @from_host
func.func @from_host(%arg0: !h1 {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (!d2, !d2) attributes {topology = #topology} {
  // CHECK-NEXT: %[[T:.*]] = mpmd.transfer {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>} %arg0 : (!mpmd.mesh_tensor<"m1", tensor<8x2xf32>, memory_kind="pinned_host">) -> !mpmd.mesh_tensor<"m2", tensor<8x2xf32>>
  // CHECK-NEXT: %[[R:.*]] = mpmd.fragment<mesh="m2", origin=[], out_shardings=[<@mesh, [{}, {}]>]> (%[[T]]) {mpmd.inferred_by = ["extract_reshards"]}
  // CHECK: %[[F:.*]] = mpmd.fragment<mesh="m2", origin=["f"], in_shardings=[<@mesh, [{"x"}, {}]>]> (%[[T]])
  // CHECK: return %[[R]], %[[F]]
  %0 = mpmd.transfer {foo, sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}]>]>} %arg0 : (!h1) -> !d2
  %1 = mpmd.fragment<mesh="m2", origin=["f"], in_shardings=[<@mesh, [{}, {}]>]> (%0) (%a: tensor<8x2xf32>) {
    mpmd.return %a : tensor<8x2xf32>
  } : (!d2) -> !d2
  return %0, %1 : !d2, !d2
}

// -----

!d1 = !mpmd.mesh_tensor<"m1", tensor<8x2xf32>>
!d2 = !mpmd.mesh_tensor<"m2", tensor<8x2xf32>>
#topology = #mpmd.topology<<"m1" : <["x"=4]>>, <"m2" : <["x"=4]>>>

sdy.mesh @mesh = <["x"=4]>

// A transfer's result is not retyped: an identity fragment reshards it.
// CHECK-LABEL: func @producer_is_a_transfer
func.func @producer_is_a_transfer(%arg0: !d1 {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) -> !d1 attributes {topology = #topology} {
  // CHECK-NEXT: %[[T:.*]] = mpmd.transfer %arg0 : (!mpmd.mesh_tensor<"m1", tensor<8x2xf32>>) -> !mpmd.mesh_tensor<"m2", tensor<8x2xf32>>
  // CHECK-NEXT: %[[R:.*]] = mpmd.fragment<mesh="m2", origin=[], out_shardings=[<@mesh, [{"x"}, {}]>]> (%[[T]]) {mpmd.inferred_by = ["extract_reshards"]}
  // CHECK: mpmd.transfer {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>} %[[R]]
  %0 = mpmd.transfer %arg0 : (!d1) -> !d2
  %1 = mpmd.transfer {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>} %0 : (!d2) -> !d1
  return %1 : !d1
}

// A fragment's result is retyped in place; the other transfer and the
// return keep the value as it was, through an identity fragment, and
// fragment users see the new value.
// CHECK-LABEL: func @producer_fragment_with_other_users
func.func @producer_fragment_with_other_users(%arg0: !d1) -> (!d1, !d2, !d2, !d1) attributes {topology = #topology} {
  // CHECK-NEXT: %[[P:.*]] = mpmd.fragment<mesh="m1", origin=["p"], out_shardings=[<@mesh, [{"x"}, {}]>]> (%arg0)
  // CHECK: } : (!mpmd.mesh_tensor<"m1", tensor<8x2xf32>>) -> !mpmd.mesh_tensor<"m1", tensor<8x2xf32>>
  // CHECK-NEXT: %[[KEEP:.*]] = mpmd.fragment<mesh="m1", origin=[], out_shardings=[<@mesh, [{}, {}]>]> (%[[P]]) {mpmd.inferred_by = ["extract_reshards"]}
  // CHECK: %[[T1:.*]] = mpmd.transfer {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>} %[[P]]
  // CHECK-NEXT: %[[T2:.*]] = mpmd.transfer %[[KEEP]]
  // CHECK-NEXT: %[[C:.*]] = mpmd.fragment<mesh="m1", origin=["c"]> (%[[P]])
  // CHECK: return %[[KEEP]], %[[T1]], %[[T2]], %[[C]]
  %0 = mpmd.fragment<mesh="m1", origin=["p"], out_shardings=[<@mesh, [{}, {}]>]> (%arg0) (%a: tensor<8x2xf32>) {
    mpmd.return %a : tensor<8x2xf32>
  } : (!d1) -> !d1
  %1 = mpmd.transfer {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>} %0 : (!d1) -> !d2
  %2 = mpmd.transfer %0 : (!d1) -> !d2
  %3 = mpmd.fragment<mesh="m1", origin=["c"]> (%0) (%a: tensor<8x2xf32>) {
    mpmd.return %a : tensor<8x2xf32>
  } : (!d1) -> !d1
  return %0, %1, %2, %3 : !d1, !d2, !d2, !d1
}

// At the consumer side, transfer users of the moved transfer read the
// destination sharding through an identity fragment.
// CHECK-LABEL: func @consumer_with_transfer_user
func.func @consumer_with_transfer_user(%arg0: !d1 {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> !d1 attributes {topology = #topology} {
  // CHECK-NEXT: %[[T:.*]] = mpmd.transfer {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>} %arg0
  // CHECK-NEXT: %[[R:.*]] = mpmd.fragment<mesh="m2", origin=[], out_shardings=[<@mesh, [{}, {}]>]> (%[[T]])
  // CHECK: mpmd.transfer %[[R]]
  %0 = mpmd.transfer {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}]>]>} %arg0 : (!d1) -> !d2
  %1 = mpmd.transfer %0 : (!d2) -> !d1
  return %1 : !d1
}

// -----

!d1 = !mpmd.mesh_tensor<"m1", tensor<8x2xf32>>
!d2 = !mpmd.mesh_tensor<"m2", tensor<8x2xf32>>
#topology = #mpmd.topology<<"m1" : <["x"=4]>>, <"m2" : <["x"=4]>>>

sdy.mesh @mesh = <["x"=4]>

// A loop result cannot be retyped (Shardy checks and aborts).
func.func @producer_is_a_loop(%arg0: !d1) -> !d2 attributes {topology = #topology} {
  %0 = mpmd.for (%arg0) {iterations = 2 : ui32, unroll_factor = 1 : ui32} (%arg1: !d1, %index: tensor<ui32>) {
    mpmd.return %arg1 : !d1
  } : !d1
  // expected-error@+1 {{expected the operand of a resharding transfer to be produced by a fragment, a transfer or to be a block argument}}
  %1 = mpmd.transfer {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>} %0 : (!d1) -> !d2
  return %1 : !d2
}

// -----

!d1 = !mpmd.mesh_tensor<"m1", tensor<8x2xf32>>
!d2 = !mpmd.mesh_tensor<"m2", tensor<8x2xf32>>
#topology = #mpmd.topology<<"m1" : <["x"=4]>>, <"m2" : <["x"=4]>>>

sdy.mesh @mesh = <["x"=4]>

// Only fragments may consume a transfer whose reshard moved to the
// consumers (Shardy checks and aborts).
func.func @consumer_is_a_loop(%arg0: !d1 {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> !d2 attributes {topology = #topology} {
  // expected-error@+1 {{expected only fragments to use a transfer whose reshard moved to its consumers}}
  %0 = mpmd.transfer {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}]>]>} %arg0 : (!d1) -> !d2
  %1 = mpmd.for (%0) {iterations = 2 : ui32, unroll_factor = 1 : ui32} (%arg1: !d2, %index: tensor<ui32>) {
    mpmd.return %arg1 : !d2
  } : !d2
  return %1 : !d2
}

// -----

sdy.mesh @mesh = <["x"=4]>

// An SPMD function is not what the pass is for (Shardy checks and aborts).
// expected-error@+1 {{'func.func' op Expected pass to be applied on MPMD partitioning code path.}}
func.func @spmd_function(%arg0: tensor<8x2xf32>) -> tensor<8x2xf32> attributes {mesh_shape = #sdy.mesh<["x"=4]>} {
  return %arg0 : tensor<8x2xf32>
}

// Not a distributed function: left alone.
func.func @plain_function(%arg0: tensor<8x2xf32>) -> tensor<8x2xf32> {
  return %arg0 : tensor<8x2xf32>
}
