//!schedule 1F1B
module @two {
  func.func public @main(%arg0: !mpmd.mesh_tensor<"m0", tensor<8x8xf32>>, %arg1: !mpmd.mesh_tensor<"m1", tensor<8x8xf32>>, %arg2: !mpmd.mesh_tensor<"m0", tensor<4x8xf32>>) -> (!mpmd.mesh_tensor<"m0", tensor<8x8xf32>>, !mpmd.mesh_tensor<"m1", tensor<8x8xf32>>) attributes {topology = #mpmd.topology<<"m0" : <["x"=2]>>, <"m1" : <["x"=2]>>>} {
    %0 = mpmd.fragment<mesh="m0", origin=["stage0"], stage=0> (%arg2, %arg0) {call_counter = 0 : ui32} (%arg3: tensor<4x8xf32>, %arg4: tensor<8x8xf32>) {
      %18 = stablehlo.dot %arg3, %arg4 : (tensor<4x8xf32>, tensor<8x8xf32>) -> tensor<4x8xf32>
      mpmd.return %18 : tensor<4x8xf32>
    } : (!mpmd.mesh_tensor<"m0", tensor<4x8xf32>>, !mpmd.mesh_tensor<"m0", tensor<8x8xf32>>) -> !mpmd.mesh_tensor<"m0", tensor<4x8xf32>>
    %1 = mpmd.transfer %0 : (!mpmd.mesh_tensor<"m0", tensor<4x8xf32>>) -> !mpmd.mesh_tensor<"m1", tensor<4x8xf32>>
    %2:2 = mpmd.fragment<mesh="m1", origin=["stage1"], stage=1> (%1, %arg1) {call_counter = 0 : ui32} (%arg3: tensor<4x8xf32>, %arg4: tensor<8x8xf32>) {
      %18 = stablehlo.dot %arg3, %arg4 : (tensor<4x8xf32>, tensor<8x8xf32>) -> tensor<4x8xf32>
      %19 = stablehlo.tanh %18 : tensor<4x8xf32>
      mpmd.return %19, %18 : tensor<4x8xf32>, tensor<4x8xf32>
    } : (!mpmd.mesh_tensor<"m1", tensor<4x8xf32>>, !mpmd.mesh_tensor<"m1", tensor<8x8xf32>>) -> (!mpmd.mesh_tensor<"m1", tensor<4x8xf32>>, !mpmd.mesh_tensor<"m1", tensor<4x8xf32>>)
    %3:2 = mpmd.fragment<mesh="m1", origin=["stage1"(1)], stage=1> (%2#0, %2#1, %1) {call_counter = 0 : ui32} (%arg3: tensor<4x8xf32>, %arg4: tensor<4x8xf32>, %arg5: tensor<4x8xf32>) {
      %18 = stablehlo.multiply %arg3, %arg4 : tensor<4x8xf32>
      %19 = stablehlo.dot_general %arg5, %18, contracting_dims = [0] x [0] : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<8x8xf32>
      mpmd.return %19, %18 : tensor<8x8xf32>, tensor<4x8xf32>
    } : (!mpmd.mesh_tensor<"m1", tensor<4x8xf32>>, !mpmd.mesh_tensor<"m1", tensor<4x8xf32>>, !mpmd.mesh_tensor<"m1", tensor<4x8xf32>>) -> (!mpmd.mesh_tensor<"m1", tensor<8x8xf32>>, !mpmd.mesh_tensor<"m1", tensor<4x8xf32>>)
    %4 = mpmd.transfer %3#1 : (!mpmd.mesh_tensor<"m1", tensor<4x8xf32>>) -> !mpmd.mesh_tensor<"m0", tensor<4x8xf32>>
    %5 = mpmd.fragment<mesh="m0", origin=["stage0"(1)], stage=0> (%4, %arg2) {call_counter = 0 : ui32} (%arg3: tensor<4x8xf32>, %arg4: tensor<4x8xf32>) {
      %18 = stablehlo.dot_general %arg4, %arg3, contracting_dims = [0] x [0] : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<8x8xf32>
      mpmd.return %18 : tensor<8x8xf32>
    } : (!mpmd.mesh_tensor<"m0", tensor<4x8xf32>>, !mpmd.mesh_tensor<"m0", tensor<4x8xf32>>) -> !mpmd.mesh_tensor<"m0", tensor<8x8xf32>>
    %6 = mpmd.fragment<mesh="m0", origin=["stage0"], stage=0> (%arg2, %arg0) {call_counter = 1 : ui32} (%arg3: tensor<4x8xf32>, %arg4: tensor<8x8xf32>) {
      %18 = stablehlo.dot %arg3, %arg4 : (tensor<4x8xf32>, tensor<8x8xf32>) -> tensor<4x8xf32>
      mpmd.return %18 : tensor<4x8xf32>
    } : (!mpmd.mesh_tensor<"m0", tensor<4x8xf32>>, !mpmd.mesh_tensor<"m0", tensor<8x8xf32>>) -> !mpmd.mesh_tensor<"m0", tensor<4x8xf32>>
    %7 = mpmd.transfer %6 : (!mpmd.mesh_tensor<"m0", tensor<4x8xf32>>) -> !mpmd.mesh_tensor<"m1", tensor<4x8xf32>>
    %8:2 = mpmd.fragment<mesh="m1", origin=["stage1"], stage=1> (%7, %arg1) {call_counter = 1 : ui32} (%arg3: tensor<4x8xf32>, %arg4: tensor<8x8xf32>) {
      %18 = stablehlo.dot %arg3, %arg4 : (tensor<4x8xf32>, tensor<8x8xf32>) -> tensor<4x8xf32>
      %19 = stablehlo.tanh %18 : tensor<4x8xf32>
      mpmd.return %19, %18 : tensor<4x8xf32>, tensor<4x8xf32>
    } : (!mpmd.mesh_tensor<"m1", tensor<4x8xf32>>, !mpmd.mesh_tensor<"m1", tensor<8x8xf32>>) -> (!mpmd.mesh_tensor<"m1", tensor<4x8xf32>>, !mpmd.mesh_tensor<"m1", tensor<4x8xf32>>)
    %9:2 = mpmd.fragment<mesh="m1", origin=["stage1"(1)], stage=1> (%8#0, %8#1, %7) {call_counter = 1 : ui32} (%arg3: tensor<4x8xf32>, %arg4: tensor<4x8xf32>, %arg5: tensor<4x8xf32>) {
      %18 = stablehlo.multiply %arg3, %arg4 : tensor<4x8xf32>
      %19 = stablehlo.dot_general %arg5, %18, contracting_dims = [0] x [0] : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<8x8xf32>
      mpmd.return %19, %18 : tensor<8x8xf32>, tensor<4x8xf32>
    } : (!mpmd.mesh_tensor<"m1", tensor<4x8xf32>>, !mpmd.mesh_tensor<"m1", tensor<4x8xf32>>, !mpmd.mesh_tensor<"m1", tensor<4x8xf32>>) -> (!mpmd.mesh_tensor<"m1", tensor<8x8xf32>>, !mpmd.mesh_tensor<"m1", tensor<4x8xf32>>)
    %10 = mpmd.transfer %9#1 : (!mpmd.mesh_tensor<"m1", tensor<4x8xf32>>) -> !mpmd.mesh_tensor<"m0", tensor<4x8xf32>>
    %11 = mpmd.fragment<mesh="m0", origin=["stage0"(1)], stage=0> (%10, %arg2) {call_counter = 1 : ui32} (%arg3: tensor<4x8xf32>, %arg4: tensor<4x8xf32>) {
      %18 = stablehlo.dot_general %arg4, %arg3, contracting_dims = [0] x [0] : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<8x8xf32>
      mpmd.return %18 : tensor<8x8xf32>
    } : (!mpmd.mesh_tensor<"m0", tensor<4x8xf32>>, !mpmd.mesh_tensor<"m0", tensor<4x8xf32>>) -> !mpmd.mesh_tensor<"m0", tensor<8x8xf32>>
    %12 = mpmd.fragment<mesh="m0", origin=["stage0"], stage=0> (%arg2, %arg0) {call_counter = 2 : ui32} (%arg3: tensor<4x8xf32>, %arg4: tensor<8x8xf32>) {
      %18 = stablehlo.dot %arg3, %arg4 : (tensor<4x8xf32>, tensor<8x8xf32>) -> tensor<4x8xf32>
      mpmd.return %18 : tensor<4x8xf32>
    } : (!mpmd.mesh_tensor<"m0", tensor<4x8xf32>>, !mpmd.mesh_tensor<"m0", tensor<8x8xf32>>) -> !mpmd.mesh_tensor<"m0", tensor<4x8xf32>>
    %13 = mpmd.transfer %12 : (!mpmd.mesh_tensor<"m0", tensor<4x8xf32>>) -> !mpmd.mesh_tensor<"m1", tensor<4x8xf32>>
    %14:2 = mpmd.fragment<mesh="m1", origin=["stage1"], stage=1> (%13, %arg1) {call_counter = 2 : ui32} (%arg3: tensor<4x8xf32>, %arg4: tensor<8x8xf32>) {
      %18 = stablehlo.dot %arg3, %arg4 : (tensor<4x8xf32>, tensor<8x8xf32>) -> tensor<4x8xf32>
      %19 = stablehlo.tanh %18 : tensor<4x8xf32>
      mpmd.return %19, %18 : tensor<4x8xf32>, tensor<4x8xf32>
    } : (!mpmd.mesh_tensor<"m1", tensor<4x8xf32>>, !mpmd.mesh_tensor<"m1", tensor<8x8xf32>>) -> (!mpmd.mesh_tensor<"m1", tensor<4x8xf32>>, !mpmd.mesh_tensor<"m1", tensor<4x8xf32>>)
    %15:2 = mpmd.fragment<mesh="m1", origin=["stage1"(1)], stage=1> (%14#0, %14#1, %13, %3#0, %9#0) {call_counter = 2 : ui32} (%arg3: tensor<4x8xf32>, %arg4: tensor<4x8xf32>, %arg5: tensor<4x8xf32>, %arg6: tensor<8x8xf32>, %arg7: tensor<8x8xf32>) {
      %18 = stablehlo.multiply %arg3, %arg4 : tensor<4x8xf32>
      %19 = stablehlo.dot_general %arg5, %18, contracting_dims = [0] x [0] : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<8x8xf32>
      %20 = stablehlo.add %arg6, %arg7 : tensor<8x8xf32>
      %21 = stablehlo.add %20, %19 : tensor<8x8xf32>
      mpmd.return %18, %21 : tensor<4x8xf32>, tensor<8x8xf32>
    } : (!mpmd.mesh_tensor<"m1", tensor<4x8xf32>>, !mpmd.mesh_tensor<"m1", tensor<4x8xf32>>, !mpmd.mesh_tensor<"m1", tensor<4x8xf32>>, !mpmd.mesh_tensor<"m1", tensor<8x8xf32>>, !mpmd.mesh_tensor<"m1", tensor<8x8xf32>>) -> (!mpmd.mesh_tensor<"m1", tensor<4x8xf32>>, !mpmd.mesh_tensor<"m1", tensor<8x8xf32>>)
    %16 = mpmd.transfer %15#0 : (!mpmd.mesh_tensor<"m1", tensor<4x8xf32>>) -> !mpmd.mesh_tensor<"m0", tensor<4x8xf32>>
    %17 = mpmd.fragment<mesh="m0", origin=["stage0"(1)], stage=0> (%16, %arg2, %5, %11) {call_counter = 2 : ui32} (%arg3: tensor<4x8xf32>, %arg4: tensor<4x8xf32>, %arg5: tensor<8x8xf32>, %arg6: tensor<8x8xf32>) {
      %18 = stablehlo.dot_general %arg4, %arg3, contracting_dims = [0] x [0] : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<8x8xf32>
      %19 = stablehlo.add %arg5, %arg6 : tensor<8x8xf32>
      %20 = stablehlo.add %19, %18 : tensor<8x8xf32>
      mpmd.return %20 : tensor<8x8xf32>
    } : (!mpmd.mesh_tensor<"m0", tensor<4x8xf32>>, !mpmd.mesh_tensor<"m0", tensor<4x8xf32>>, !mpmd.mesh_tensor<"m0", tensor<8x8xf32>>, !mpmd.mesh_tensor<"m0", tensor<8x8xf32>>) -> !mpmd.mesh_tensor<"m0", tensor<8x8xf32>>
    return %17, %15#1 : !mpmd.mesh_tensor<"m0", tensor<8x8xf32>>, !mpmd.mesh_tensor<"m1", tensor<8x8xf32>>
  }
}

