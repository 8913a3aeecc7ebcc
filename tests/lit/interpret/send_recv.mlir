// RUN: stablehlo-translate --interpret -split-input-file %s

// send/recv between two devices on a channel, then legacy dot.
module @send_recv {
  func.func @sender(%x: tensor<2xi64>) -> tensor<2xi64> {
    %t = stablehlo.after_all : !stablehlo.token
    %d = "stablehlo.send"(%x, %t) {channel_handle = #stablehlo.channel_handle<handle = 7, type = 1>, is_host_transfer = false} : (tensor<2xi64>, !stablehlo.token) -> !stablehlo.token
    func.return %x : tensor<2xi64>
  }
  func.func @receiver(%x: tensor<2xi64>) -> tensor<2xi64> {
    %t = stablehlo.after_all : !stablehlo.token
    %v, %d = "stablehlo.recv"(%t) {channel_handle = #stablehlo.channel_handle<handle = 7, type = 1>, is_host_transfer = false} : (!stablehlo.token) -> (tensor<2xi64>, !stablehlo.token)
    %s = stablehlo.add %v, %x : tensor<2xi64>
    func.return %s : tensor<2xi64>
  }
  func.func @main() {
    %a = stablehlo.constant dense<[1, 2]> : tensor<2xi64>
    %b = stablehlo.constant dense<[10, 20]> : tensor<2xi64>
    %r:2 = "interpreter.run_parallel"(%a, %b) {programs = [[@sender, @receiver]]} : (tensor<2xi64>, tensor<2xi64>) -> (tensor<2xi64>, tensor<2xi64>)
    check.expect_eq_const %r#1, dense<[11, 22]> : tensor<2xi64>
    func.return
  }
}

// -----

func.func @main() {
  %m = stablehlo.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %v = stablehlo.constant dense<[1.0, -1.0]> : tensor<2xf32>
  %mv = "stablehlo.dot"(%m, %v) : (tensor<2x2xf32>, tensor<2xf32>) -> tensor<2xf32>
  check.expect_eq_const %mv, dense<[-1.0, -1.0]> : tensor<2xf32>
  %vv = "stablehlo.dot"(%v, %v) : (tensor<2xf32>, tensor<2xf32>) -> tensor<f32>
  check.expect_eq_const %vv, dense<2.0> : tensor<f32>
  %mm = "stablehlo.dot"(%m, %m) : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
  check.expect_eq_const %mm, dense<[[7.0, 10.0], [15.0, 22.0]]> : tensor<2x2xf32>
  func.return
}
