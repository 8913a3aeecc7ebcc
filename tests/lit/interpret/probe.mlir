// RUN: rm -rf %t && mkdir -p %t
// RUN: stablehlo-translate --interpret --probe-output-dir=%t %s
// RUN: FileCheck %s --input-file=%t/index.csv
// RUN: od -An -c %t/probe2.npy | FileCheck %s --check-prefix=NPY

// Each probe writes probe<N>.npy and a line of index.csv; the checks read
// them back by probe id and record number.
// CHECK:      first,tensor<2xi32>,{{.*}}probe1.npy
// CHECK-NEXT: loop,tensor<2xbf16>,{{.*}}probe2.npy
// CHECK-NEXT: loop,tensor<2xbf16>,{{.*}}probe3.npy
// CHECK-NOT:  probe4
// NPY: 223   N   U   M   P   Y 001  \0   A  \0   {   '   d   e   s   c
// NPY: r   '   :       '   <   u   2   '   ,       '   f   o   r   t
func.func @main() {
  %a = stablehlo.constant dense<[1, -2]> : tensor<2xi32>
  %p = interpreter.probe %a, probe_id = "first" : tensor<2xi32>
  %zero = stablehlo.constant dense<0> : tensor<i64>
  %one = stablehlo.constant dense<1> : tensor<i64>
  %two = stablehlo.constant dense<2> : tensor<i64>
  %v = stablehlo.constant dense<[1.5, -0.25]> : tensor<2xbf16>
  %r:2 = stablehlo.while(%i = %zero, %x = %v) : tensor<i64>, tensor<2xbf16>
  cond {
    %c = stablehlo.compare LT, %i, %two : (tensor<i64>, tensor<i64>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  } do {
    %y = stablehlo.add %x, %x : tensor<2xbf16>
    %q = interpreter.probe %y, probe_id = "loop" : tensor<2xbf16>
    %n = stablehlo.add %i, %one : tensor<i64>
    stablehlo.return %n, %q : tensor<i64>, tensor<2xbf16>
  }
  check.expect_serialized_eq %a, probe_id = "first" : tensor<2xi32>
  %d1 = stablehlo.constant dense<[3.0, -0.5]> : tensor<2xbf16>
  %d2 = stablehlo.constant dense<[6.0, -1.0]> : tensor<2xbf16>
  check.expect_serialized_eq %d1, probe_id = "loop", iter = 1 : tensor<2xbf16>
  check.expect_serialized_eq %d2, probe_id = "loop", iter = 2 : tensor<2xbf16>
  func.return
}
