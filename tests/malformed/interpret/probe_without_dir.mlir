// ERROR: 4:8: interpreter.probe: Probe serialization directory cannot be empty.
func.func @main() -> tensor<i32> {
  %a = stablehlo.constant dense<1> : tensor<i32>
  %p = interpreter.probe %a, probe_id = "p" : tensor<i32>
  func.return %p : tensor<i32>
}
