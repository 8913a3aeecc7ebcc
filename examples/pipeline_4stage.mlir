// A 4-stage pipeline-parallel MLP step as JAX exports it for Shardy's MPMD
// partitioner: each stage a named computation of 4 matmul+tanh layers
// ("stageN" forward, "stageN"(1) its backward), four meshes of 2 devices in
// the topology. `sharc pipeline` assigns the stages to meshes (--assign),
// makes 8 microbatches (--microbatches), and runs Shardy's MPMD pipelines:
//
//   build/bin/sharc pipeline examples/pipeline_4stage.mlir \
//     --assign stage0@m0/0,stage1@m1/1,stage2@m2/2,stage3@m3/3 --microbatches 8 --compare
//
// (made by `python3 tests/pipeline/gen_mpmd.py emit --stages 4 --meshes 4
// --batch 256 --width 2048 --layers 4 --name stage`)
module @pipeline {
  func.func public @main(%w0_0: tensor<2048x2048xf32>, %w0_1: tensor<2048x2048xf32>, %w0_2: tensor<2048x2048xf32>, %w0_3: tensor<2048x2048xf32>, %w1_0: tensor<2048x2048xf32>, %w1_1: tensor<2048x2048xf32>, %w1_2: tensor<2048x2048xf32>, %w1_3: tensor<2048x2048xf32>, %w2_0: tensor<2048x2048xf32>, %w2_1: tensor<2048x2048xf32>, %w2_2: tensor<2048x2048xf32>, %w2_3: tensor<2048x2048xf32>, %w3_0: tensor<2048x2048xf32>, %w3_1: tensor<2048x2048xf32>, %w3_2: tensor<2048x2048xf32>, %w3_3: tensor<2048x2048xf32>, %x: tensor<256x2048xf32>) -> (tensor<2048x2048xf32>, tensor<2048x2048xf32>, tensor<2048x2048xf32>, tensor<2048x2048xf32>, tensor<2048x2048xf32>, tensor<2048x2048xf32>, tensor<2048x2048xf32>, tensor<2048x2048xf32>, tensor<2048x2048xf32>, tensor<2048x2048xf32>, tensor<2048x2048xf32>, tensor<2048x2048xf32>, tensor<2048x2048xf32>, tensor<2048x2048xf32>, tensor<2048x2048xf32>, tensor<2048x2048xf32>, tensor<256x2048xf32>) attributes {topology = #mpmd.topology<<"m0" : <["x"=2]>>, <"m1" : <["x"=2]>>, <"m2" : <["x"=2]>>, <"m3" : <["x"=2]>>>} {
    %f0:5 = mpmd.named_computation<"stage0"> (%x, %w0_0, %w0_1, %w0_2, %w0_3) (%a: tensor<256x2048xf32>, %p0: tensor<2048x2048xf32>, %p1: tensor<2048x2048xf32>, %p2: tensor<2048x2048xf32>, %p3: tensor<2048x2048xf32>) {
      %z0 = stablehlo.dot_general %a, %p0, contracting_dims = [1] x [0] : (tensor<256x2048xf32>, tensor<2048x2048xf32>) -> tensor<256x2048xf32>
      %h0 = stablehlo.tanh %z0 : tensor<256x2048xf32>
      %z1 = stablehlo.dot_general %h0, %p1, contracting_dims = [1] x [0] : (tensor<256x2048xf32>, tensor<2048x2048xf32>) -> tensor<256x2048xf32>
      %h1 = stablehlo.tanh %z1 : tensor<256x2048xf32>
      %z2 = stablehlo.dot_general %h1, %p2, contracting_dims = [1] x [0] : (tensor<256x2048xf32>, tensor<2048x2048xf32>) -> tensor<256x2048xf32>
      %h2 = stablehlo.tanh %z2 : tensor<256x2048xf32>
      %z3 = stablehlo.dot_general %h2, %p3, contracting_dims = [1] x [0] : (tensor<256x2048xf32>, tensor<2048x2048xf32>) -> tensor<256x2048xf32>
      %h3 = stablehlo.tanh %z3 : tensor<256x2048xf32>
      mpmd.return %h3, %z0, %z1, %z2, %z3 : tensor<256x2048xf32>, tensor<256x2048xf32>, tensor<256x2048xf32>, tensor<256x2048xf32>, tensor<256x2048xf32>
    } : (tensor<256x2048xf32>, tensor<2048x2048xf32>, tensor<2048x2048xf32>, tensor<2048x2048xf32>, tensor<2048x2048xf32>) -> (tensor<256x2048xf32>, tensor<256x2048xf32>, tensor<256x2048xf32>, tensor<256x2048xf32>, tensor<256x2048xf32>)
    %f1:5 = mpmd.named_computation<"stage1"> (%f0#0, %w1_0, %w1_1, %w1_2, %w1_3) (%a: tensor<256x2048xf32>, %p0: tensor<2048x2048xf32>, %p1: tensor<2048x2048xf32>, %p2: tensor<2048x2048xf32>, %p3: tensor<2048x2048xf32>) {
      %z0 = stablehlo.dot_general %a, %p0, contracting_dims = [1] x [0] : (tensor<256x2048xf32>, tensor<2048x2048xf32>) -> tensor<256x2048xf32>
      %h0 = stablehlo.tanh %z0 : tensor<256x2048xf32>
      %z1 = stablehlo.dot_general %h0, %p1, contracting_dims = [1] x [0] : (tensor<256x2048xf32>, tensor<2048x2048xf32>) -> tensor<256x2048xf32>
      %h1 = stablehlo.tanh %z1 : tensor<256x2048xf32>
      %z2 = stablehlo.dot_general %h1, %p2, contracting_dims = [1] x [0] : (tensor<256x2048xf32>, tensor<2048x2048xf32>) -> tensor<256x2048xf32>
      %h2 = stablehlo.tanh %z2 : tensor<256x2048xf32>
      %z3 = stablehlo.dot_general %h2, %p3, contracting_dims = [1] x [0] : (tensor<256x2048xf32>, tensor<2048x2048xf32>) -> tensor<256x2048xf32>
      %h3 = stablehlo.tanh %z3 : tensor<256x2048xf32>
      mpmd.return %h3, %z0, %z1, %z2, %z3 : tensor<256x2048xf32>, tensor<256x2048xf32>, tensor<256x2048xf32>, tensor<256x2048xf32>, tensor<256x2048xf32>
    } : (tensor<256x2048xf32>, tensor<2048x2048xf32>, tensor<2048x2048xf32>, tensor<2048x2048xf32>, tensor<2048x2048xf32>) -> (tensor<256x2048xf32>, tensor<256x2048xf32>, tensor<256x2048xf32>, tensor<256x2048xf32>, tensor<256x2048xf32>)
    %f2:5 = mpmd.named_computation<"stage2"> (%f1#0, %w2_0, %w2_1, %w2_2, %w2_3) (%a: tensor<256x2048xf32>, %p0: tensor<2048x2048xf32>, %p1: tensor<2048x2048xf32>, %p2: tensor<2048x2048xf32>, %p3: tensor<2048x2048xf32>) {
      %z0 = stablehlo.dot_general %a, %p0, contracting_dims = [1] x [0] : (tensor<256x2048xf32>, tensor<2048x2048xf32>) -> tensor<256x2048xf32>
      %h0 = stablehlo.tanh %z0 : tensor<256x2048xf32>
      %z1 = stablehlo.dot_general %h0, %p1, contracting_dims = [1] x [0] : (tensor<256x2048xf32>, tensor<2048x2048xf32>) -> tensor<256x2048xf32>
      %h1 = stablehlo.tanh %z1 : tensor<256x2048xf32>
      %z2 = stablehlo.dot_general %h1, %p2, contracting_dims = [1] x [0] : (tensor<256x2048xf32>, tensor<2048x2048xf32>) -> tensor<256x2048xf32>
      %h2 = stablehlo.tanh %z2 : tensor<256x2048xf32>
      %z3 = stablehlo.dot_general %h2, %p3, contracting_dims = [1] x [0] : (tensor<256x2048xf32>, tensor<2048x2048xf32>) -> tensor<256x2048xf32>
      %h3 = stablehlo.tanh %z3 : tensor<256x2048xf32>
      mpmd.return %h3, %z0, %z1, %z2, %z3 : tensor<256x2048xf32>, tensor<256x2048xf32>, tensor<256x2048xf32>, tensor<256x2048xf32>, tensor<256x2048xf32>
    } : (tensor<256x2048xf32>, tensor<2048x2048xf32>, tensor<2048x2048xf32>, tensor<2048x2048xf32>, tensor<2048x2048xf32>) -> (tensor<256x2048xf32>, tensor<256x2048xf32>, tensor<256x2048xf32>, tensor<256x2048xf32>, tensor<256x2048xf32>)
    %f3:5 = mpmd.named_computation<"stage3"> (%f2#0, %w3_0, %w3_1, %w3_2, %w3_3) (%a: tensor<256x2048xf32>, %p0: tensor<2048x2048xf32>, %p1: tensor<2048x2048xf32>, %p2: tensor<2048x2048xf32>, %p3: tensor<2048x2048xf32>) {
      %z0 = stablehlo.dot_general %a, %p0, contracting_dims = [1] x [0] : (tensor<256x2048xf32>, tensor<2048x2048xf32>) -> tensor<256x2048xf32>
      %h0 = stablehlo.tanh %z0 : tensor<256x2048xf32>
      %z1 = stablehlo.dot_general %h0, %p1, contracting_dims = [1] x [0] : (tensor<256x2048xf32>, tensor<2048x2048xf32>) -> tensor<256x2048xf32>
      %h1 = stablehlo.tanh %z1 : tensor<256x2048xf32>
      %z2 = stablehlo.dot_general %h1, %p2, contracting_dims = [1] x [0] : (tensor<256x2048xf32>, tensor<2048x2048xf32>) -> tensor<256x2048xf32>
      %h2 = stablehlo.tanh %z2 : tensor<256x2048xf32>
      %z3 = stablehlo.dot_general %h2, %p3, contracting_dims = [1] x [0] : (tensor<256x2048xf32>, tensor<2048x2048xf32>) -> tensor<256x2048xf32>
      %h3 = stablehlo.tanh %z3 : tensor<256x2048xf32>
      mpmd.return %h3, %z0, %z1, %z2, %z3 : tensor<256x2048xf32>, tensor<256x2048xf32>, tensor<256x2048xf32>, tensor<256x2048xf32>, tensor<256x2048xf32>
    } : (tensor<256x2048xf32>, tensor<2048x2048xf32>, tensor<2048x2048xf32>, tensor<2048x2048xf32>, tensor<2048x2048xf32>) -> (tensor<256x2048xf32>, tensor<256x2048xf32>, tensor<256x2048xf32>, tensor<256x2048xf32>, tensor<256x2048xf32>)
    %b3:5 = mpmd.named_computation<"stage3"(1)> (%f3#0, %f3#1, %f3#2, %f3#3, %f3#4, %f2#0, %w3_0, %w3_1, %w3_2, %w3_3) (%g: tensor<256x2048xf32>, %y0: tensor<256x2048xf32>, %y1: tensor<256x2048xf32>, %y2: tensor<256x2048xf32>, %y3: tensor<256x2048xf32>, %hin: tensor<256x2048xf32>, %p0: tensor<2048x2048xf32>, %p1: tensor<2048x2048xf32>, %p2: tensor<2048x2048xf32>, %p3: tensor<2048x2048xf32>) {
      %d3 = stablehlo.multiply %g, %y3 : tensor<256x2048xf32>
      %dx3 = stablehlo.dot_general %d3, %p3, contracting_dims = [1] x [1] : (tensor<256x2048xf32>, tensor<2048x2048xf32>) -> tensor<256x2048xf32>
      %dw3 = stablehlo.dot_general %hin, %d3, contracting_dims = [0] x [0] : (tensor<256x2048xf32>, tensor<256x2048xf32>) -> tensor<2048x2048xf32>
      %d2 = stablehlo.multiply %dx3, %y2 : tensor<256x2048xf32>
      %dx2 = stablehlo.dot_general %d2, %p2, contracting_dims = [1] x [1] : (tensor<256x2048xf32>, tensor<2048x2048xf32>) -> tensor<256x2048xf32>
      %dw2 = stablehlo.dot_general %hin, %d2, contracting_dims = [0] x [0] : (tensor<256x2048xf32>, tensor<256x2048xf32>) -> tensor<2048x2048xf32>
      %d1 = stablehlo.multiply %dx2, %y1 : tensor<256x2048xf32>
      %dx1 = stablehlo.dot_general %d1, %p1, contracting_dims = [1] x [1] : (tensor<256x2048xf32>, tensor<2048x2048xf32>) -> tensor<256x2048xf32>
      %dw1 = stablehlo.dot_general %hin, %d1, contracting_dims = [0] x [0] : (tensor<256x2048xf32>, tensor<256x2048xf32>) -> tensor<2048x2048xf32>
      %d0 = stablehlo.multiply %dx1, %y0 : tensor<256x2048xf32>
      %dx0 = stablehlo.dot_general %d0, %p0, contracting_dims = [1] x [1] : (tensor<256x2048xf32>, tensor<2048x2048xf32>) -> tensor<256x2048xf32>
      %dw0 = stablehlo.dot_general %hin, %d0, contracting_dims = [0] x [0] : (tensor<256x2048xf32>, tensor<256x2048xf32>) -> tensor<2048x2048xf32>
      mpmd.return %dx0, %dw0, %dw1, %dw2, %dw3 : tensor<256x2048xf32>, tensor<2048x2048xf32>, tensor<2048x2048xf32>, tensor<2048x2048xf32>, tensor<2048x2048xf32>
    } : (tensor<256x2048xf32>, tensor<256x2048xf32>, tensor<256x2048xf32>, tensor<256x2048xf32>, tensor<256x2048xf32>, tensor<256x2048xf32>, tensor<2048x2048xf32>, tensor<2048x2048xf32>, tensor<2048x2048xf32>, tensor<2048x2048xf32>) -> (tensor<256x2048xf32>, tensor<2048x2048xf32>, tensor<2048x2048xf32>, tensor<2048x2048xf32>, tensor<2048x2048xf32>)
    %b2:5 = mpmd.named_computation<"stage2"(1)> (%b3#0, %f2#1, %f2#2, %f2#3, %f2#4, %f1#0, %w2_0, %w2_1, %w2_2, %w2_3) (%g: tensor<256x2048xf32>, %y0: tensor<256x2048xf32>, %y1: tensor<256x2048xf32>, %y2: tensor<256x2048xf32>, %y3: tensor<256x2048xf32>, %hin: tensor<256x2048xf32>, %p0: tensor<2048x2048xf32>, %p1: tensor<2048x2048xf32>, %p2: tensor<2048x2048xf32>, %p3: tensor<2048x2048xf32>) {
      %d3 = stablehlo.multiply %g, %y3 : tensor<256x2048xf32>
      %dx3 = stablehlo.dot_general %d3, %p3, contracting_dims = [1] x [1] : (tensor<256x2048xf32>, tensor<2048x2048xf32>) -> tensor<256x2048xf32>
      %dw3 = stablehlo.dot_general %hin, %d3, contracting_dims = [0] x [0] : (tensor<256x2048xf32>, tensor<256x2048xf32>) -> tensor<2048x2048xf32>
      %d2 = stablehlo.multiply %dx3, %y2 : tensor<256x2048xf32>
      %dx2 = stablehlo.dot_general %d2, %p2, contracting_dims = [1] x [1] : (tensor<256x2048xf32>, tensor<2048x2048xf32>) -> tensor<256x2048xf32>
      %dw2 = stablehlo.dot_general %hin, %d2, contracting_dims = [0] x [0] : (tensor<256x2048xf32>, tensor<256x2048xf32>) -> tensor<2048x2048xf32>
      %d1 = stablehlo.multiply %dx2, %y1 : tensor<256x2048xf32>
      %dx1 = stablehlo.dot_general %d1, %p1, contracting_dims = [1] x [1] : (tensor<256x2048xf32>, tensor<2048x2048xf32>) -> tensor<256x2048xf32>
      %dw1 = stablehlo.dot_general %hin, %d1, contracting_dims = [0] x [0] : (tensor<256x2048xf32>, tensor<256x2048xf32>) -> tensor<2048x2048xf32>
      %d0 = stablehlo.multiply %dx1, %y0 : tensor<256x2048xf32>
      %dx0 = stablehlo.dot_general %d0, %p0, contracting_dims = [1] x [1] : (tensor<256x2048xf32>, tensor<2048x2048xf32>) -> tensor<256x2048xf32>
      %dw0 = stablehlo.dot_general %hin, %d0, contracting_dims = [0] x [0] : (tensor<256x2048xf32>, tensor<256x2048xf32>) -> tensor<2048x2048xf32>
      mpmd.return %dx0, %dw0, %dw1, %dw2, %dw3 : tensor<256x2048xf32>, tensor<2048x2048xf32>, tensor<2048x2048xf32>, tensor<2048x2048xf32>, tensor<2048x2048xf32>
    } : (tensor<256x2048xf32>, tensor<256x2048xf32>, tensor<256x2048xf32>, tensor<256x2048xf32>, tensor<256x2048xf32>, tensor<256x2048xf32>, tensor<2048x2048xf32>, tensor<2048x2048xf32>, tensor<2048x2048xf32>, tensor<2048x2048xf32>) -> (tensor<256x2048xf32>, tensor<2048x2048xf32>, tensor<2048x2048xf32>, tensor<2048x2048xf32>, tensor<2048x2048xf32>)
    %b1:5 = mpmd.named_computation<"stage1"(1)> (%b2#0, %f1#1, %f1#2, %f1#3, %f1#4, %f0#0, %w1_0, %w1_1, %w1_2, %w1_3) (%g: tensor<256x2048xf32>, %y0: tensor<256x2048xf32>, %y1: tensor<256x2048xf32>, %y2: tensor<256x2048xf32>, %y3: tensor<256x2048xf32>, %hin: tensor<256x2048xf32>, %p0: tensor<2048x2048xf32>, %p1: tensor<2048x2048xf32>, %p2: tensor<2048x2048xf32>, %p3: tensor<2048x2048xf32>) {
      %d3 = stablehlo.multiply %g, %y3 : tensor<256x2048xf32>
      %dx3 = stablehlo.dot_general %d3, %p3, contracting_dims = [1] x [1] : (tensor<256x2048xf32>, tensor<2048x2048xf32>) -> tensor<256x2048xf32>
      %dw3 = stablehlo.dot_general %hin, %d3, contracting_dims = [0] x [0] : (tensor<256x2048xf32>, tensor<256x2048xf32>) -> tensor<2048x2048xf32>
      %d2 = stablehlo.multiply %dx3, %y2 : tensor<256x2048xf32>
      %dx2 = stablehlo.dot_general %d2, %p2, contracting_dims = [1] x [1] : (tensor<256x2048xf32>, tensor<2048x2048xf32>) -> tensor<256x2048xf32>
      %dw2 = stablehlo.dot_general %hin, %d2, contracting_dims = [0] x [0] : (tensor<256x2048xf32>, tensor<256x2048xf32>) -> tensor<2048x2048xf32>
      %d1 = stablehlo.multiply %dx2, %y1 : tensor<256x2048xf32>
      %dx1 = stablehlo.dot_general %d1, %p1, contracting_dims = [1] x [1] : (tensor<256x2048xf32>, tensor<2048x2048xf32>) -> tensor<256x2048xf32>
      %dw1 = stablehlo.dot_general %hin, %d1, contracting_dims = [0] x [0] : (tensor<256x2048xf32>, tensor<256x2048xf32>) -> tensor<2048x2048xf32>
      %d0 = stablehlo.multiply %dx1, %y0 : tensor<256x2048xf32>
      %dx0 = stablehlo.dot_general %d0, %p0, contracting_dims = [1] x [1] : (tensor<256x2048xf32>, tensor<2048x2048xf32>) -> tensor<256x2048xf32>
      %dw0 = stablehlo.dot_general %hin, %d0, contracting_dims = [0] x [0] : (tensor<256x2048xf32>, tensor<256x2048xf32>) -> tensor<2048x2048xf32>
      mpmd.return %dx0, %dw0, %dw1, %dw2, %dw3 : tensor<256x2048xf32>, tensor<2048x2048xf32>, tensor<2048x2048xf32>, tensor<2048x2048xf32>, tensor<2048x2048xf32>
    } : (tensor<256x2048xf32>, tensor<256x2048xf32>, tensor<256x2048xf32>, tensor<256x2048xf32>, tensor<256x2048xf32>, tensor<256x2048xf32>, tensor<2048x2048xf32>, tensor<2048x2048xf32>, tensor<2048x2048xf32>, tensor<2048x2048xf32>) -> (tensor<256x2048xf32>, tensor<2048x2048xf32>, tensor<2048x2048xf32>, tensor<2048x2048xf32>, tensor<2048x2048xf32>)
    %b0:5 = mpmd.named_computation<"stage0"(1)> (%b1#0, %f0#1, %f0#2, %f0#3, %f0#4, %x, %w0_0, %w0_1, %w0_2, %w0_3) (%g: tensor<256x2048xf32>, %y0: tensor<256x2048xf32>, %y1: tensor<256x2048xf32>, %y2: tensor<256x2048xf32>, %y3: tensor<256x2048xf32>, %hin: tensor<256x2048xf32>, %p0: tensor<2048x2048xf32>, %p1: tensor<2048x2048xf32>, %p2: tensor<2048x2048xf32>, %p3: tensor<2048x2048xf32>) {
      %d3 = stablehlo.multiply %g, %y3 : tensor<256x2048xf32>
      %dx3 = stablehlo.dot_general %d3, %p3, contracting_dims = [1] x [1] : (tensor<256x2048xf32>, tensor<2048x2048xf32>) -> tensor<256x2048xf32>
      %dw3 = stablehlo.dot_general %hin, %d3, contracting_dims = [0] x [0] : (tensor<256x2048xf32>, tensor<256x2048xf32>) -> tensor<2048x2048xf32>
      %d2 = stablehlo.multiply %dx3, %y2 : tensor<256x2048xf32>
      %dx2 = stablehlo.dot_general %d2, %p2, contracting_dims = [1] x [1] : (tensor<256x2048xf32>, tensor<2048x2048xf32>) -> tensor<256x2048xf32>
      %dw2 = stablehlo.dot_general %hin, %d2, contracting_dims = [0] x [0] : (tensor<256x2048xf32>, tensor<256x2048xf32>) -> tensor<2048x2048xf32>
      %d1 = stablehlo.multiply %dx2, %y1 : tensor<256x2048xf32>
      %dx1 = stablehlo.dot_general %d1, %p1, contracting_dims = [1] x [1] : (tensor<256x2048xf32>, tensor<2048x2048xf32>) -> tensor<256x2048xf32>
      %dw1 = stablehlo.dot_general %hin, %d1, contracting_dims = [0] x [0] : (tensor<256x2048xf32>, tensor<256x2048xf32>) -> tensor<2048x2048xf32>
      %d0 = stablehlo.multiply %dx1, %y0 : tensor<256x2048xf32>
      %dx0 = stablehlo.dot_general %d0, %p0, contracting_dims = [1] x [1] : (tensor<256x2048xf32>, tensor<2048x2048xf32>) -> tensor<256x2048xf32>
      %dw0 = stablehlo.dot_general %hin, %d0, contracting_dims = [0] x [0] : (tensor<256x2048xf32>, tensor<256x2048xf32>) -> tensor<2048x2048xf32>
      mpmd.return %dx0, %dw0, %dw1, %dw2, %dw3 : tensor<256x2048xf32>, tensor<2048x2048xf32>, tensor<2048x2048xf32>, tensor<2048x2048xf32>, tensor<2048x2048xf32>
    } : (tensor<256x2048xf32>, tensor<256x2048xf32>, tensor<256x2048xf32>, tensor<256x2048xf32>, tensor<256x2048xf32>, tensor<256x2048xf32>, tensor<2048x2048xf32>, tensor<2048x2048xf32>, tensor<2048x2048xf32>, tensor<2048x2048xf32>) -> (tensor<256x2048xf32>, tensor<2048x2048xf32>, tensor<2048x2048xf32>, tensor<2048x2048xf32>, tensor<2048x2048xf32>)
    return %b0#1, %b0#2, %b0#3, %b0#4, %b1#1, %b1#2, %b1#3, %b1#4, %b2#1, %b2#2, %b2#3, %b2#4, %b3#1, %b3#2, %b3#3, %b3#4, %b0#0 : tensor<2048x2048xf32>, tensor<2048x2048xf32>, tensor<2048x2048xf32>, tensor<2048x2048xf32>, tensor<2048x2048xf32>, tensor<2048x2048xf32>, tensor<2048x2048xf32>, tensor<2048x2048xf32>, tensor<2048x2048xf32>, tensor<2048x2048xf32>, tensor<2048x2048xf32>, tensor<2048x2048xf32>, tensor<2048x2048xf32>, tensor<2048x2048xf32>, tensor<2048x2048xf32>, tensor<2048x2048xf32>, tensor<256x2048xf32>
  }
}
