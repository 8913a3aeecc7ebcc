module @m {
  func.func @foo(%a: tensor<2xf32>) -> tensor<2xf32> {
    return %a : tensor<2xf32>
  }
  func.func @main(%a: tensor<2xf32>, %b: tensor<2x!quant.uniform<i8:f32, 1.0>>) {
    interpreter.print %a : tensor<2xf32>
    %0 = interpreter.probe %a, probe_id = "p0" : tensor<2xf32>
    %1 = "interpreter.run_parallel"(%a) {programs = [[@foo]]} : (tensor<2xf32>) -> tensor<2xf32>
    %2 = quant.qcast %a : tensor<2xf32> to tensor<2x!quant.uniform<i8:f32:0, {1.0, 2.0}>>
    %3 = quant.dcast %b : tensor<2x!quant.uniform<i8:f32, 1.0>> to tensor<2xf32>
    %4 = quant.scast %b : tensor<2x!quant.uniform<i8:f32, 1.0>> to tensor<2xi8>
    return
  }
}
