// RUN: sdy_opt %s | FileCheck %s
// RUN: sdy_opt %s | sdy_opt | FileCheck %s
// The quant dialect's types printed in MLIR's canonical form.

// CHECK-LABEL: func private @per_tensor
// CHECK-SAME: tensor<2x!quant.uniform<i8:f32, 2.000000e+00:3>>
// CHECK-SAME: tensor<2x!quant.uniform<u8:f32, 1.000000e-01>>
// CHECK-SAME: !quant.uniform<i8<-8:7>:f16, 5.000000e-01:-2>
// CHECK-SAME: !quant.uniform<i8:f32, 1.000000e+00>
func.func private @per_tensor(tensor<2x!quant.uniform<i8:f32, 2.0:3>>, tensor<2x!quant.uniform<ui8:f32, 0.1>>,
                              !quant.uniform<i8<-8:7>:f16, 0.5:-2>, !quant.uniform<si8:f32, 1.0:0>)

// CHECK-LABEL: func private @per_axis
// CHECK-SAME: tensor<2x3x!quant.uniform<i8:f32:1, {1.000000e+00:1,2.000000e+00,3.000000e+00:-3}>>
// CHECK-SAME: !quant.uniform<u8<1:200>:f16:0, {2.000000e+00:10,3.500000e+00}>
func.func private @per_axis(tensor<2x3x!quant.uniform<i8:f32:1, {1.0:1, 2.0, 3.0:-3}>>,
                            !quant.uniform<u8<1:200>:f16:0, {2.0:10, 3.5}>)

// Sub-channel scales are held in the expressed type; zero points in the
// storage width, read back signed.
// CHECK-LABEL: func private @sub_channel
// CHECK-SAME: !quant.uniform<i8:f32:{0:1, 1:2}, {{[{][{]}}2.000000e+00:10, 3.000000e+00}, {4.000000e+00:1, 5.000000e+00}}>
// CHECK-SAME: !quant.uniform<i8:bf16:{}, {{[{][{]}}1.000980e-01}}>
// CHECK-SAME: !quant.uniform<u8:f32:{0:1}, {{[{][{]}}2.000000e+00:-56, 1.000000e+00:44}}>
func.func private @sub_channel(!quant.uniform<i8:f32:{0:1,1:2}, {{2.0:10, 3.0}, {4.0:1, 5.0}}>,
                               !quant.uniform<i8:bf16:{}, {{0.1}}>,
                               !quant.uniform<u8:f32:{0:1}, {{2.0:200, 1.0:300}}>)

// CHECK-LABEL: func private @others
// CHECK-SAME: !quant.any<i8<-8:7>:f32>, !quant.any<u4>, !quant.calibrated<f32<-5.000000e-01:1.000000e+00>>
func.func private @others(!quant.any<i8<-8:7>:f32>, !quant.any<u4>, !quant.calibrated<f32<-0.5:1.0>>)

// Types are uniqued by value: both spellings are the same type, so the call
// verifies.
// CHECK-LABEL: func @by_value
func.func @by_value(%a: tensor<!quant.uniform<i8:f32, 2.0:3>>) -> tensor<!quant.uniform<i8:f32, 2.000000e+00:3>> {
  return %a : tensor<!quant.uniform<i8:f32, 2.0e0:3>>
}
