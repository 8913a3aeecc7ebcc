func.func private @q(tensor<2x!quant.uniform<i8:f32, 2.0:3>>, tensor<2x!quant.uniform<u8<1:200>:f16:0, {2.0:10, 3.5}>>,
  tensor<2x2x!quant.uniform<i8:f32:{0:1, 1:2}, {{2.0:10, 3.0}, {4.0:1, 5.0}}>>, !quant.any<i8<-8:7>:f32>,
  !quant.calibrated<f32<-0.5:1.0>>, tensor<!quant.uniform<i4:bf16, 1.0e-3:-2>>)
