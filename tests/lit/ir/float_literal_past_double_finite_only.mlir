// RUN: sdy_opt --allow-unregistered-dialect %s | FileCheck %s
// A float literal past the double's range reads as an infinity (MLIR's
// parser goes through a double), and APFloat's conversion into a format
// without infinity (f4E2M1FN, f6E2M3FN, f6E3M2FN) keeps it one: a
// FloatAttr prints it as its bits, APFloat's exponent of infinity cut to
// the format's field (0x0, or the sign bit alone), where +-0.0 prints as a
// number; dense elements keep those bits, +-0.0. sharc rejected the
// literal ("invalid floating point literal"). (Outputs are mlir-opt-22's.)

// CHECK: "foo.op"() {a = 0x0 : f4E2M1FN, b = 0x8 : f4E2M1FN, c = 0x0 : f6E2M3FN, d = 0x20 : f6E2M3FN, e = 0x0 : f6E3M2FN, f = 0x20 : f6E3M2FN}
"foo.op"() {a = 1.0e400 : f4E2M1FN, b = -1.0e400 : f4E2M1FN, c = 1.0e400 : f6E2M3FN, d = -1.0e400 : f6E2M3FN, e = 1.0e400 : f6E3M2FN, f = -1.0e400 : f6E3M2FN} : () -> ()
// CHECK: "foo.op"() {a = [0x0 : f4E2M1FN, 0.000000e+00 : f4E2M1FN, -0.000000e+00 : f4E2M1FN, 0.000000e+00 : f4E2M1FN], b = 6.000000e+00 : f4E2M1FN}
"foo.op"() {a = [1.0e400 : f4E2M1FN, 0.0 : f4E2M1FN, -0.0 : f4E2M1FN, 0x0 : f4E2M1FN], b = 1.7976931348623157e308 : f4E2M1FN} : () -> ()
// CHECK: "foo.op"() {a = dense<0.000000e+00> : tensor<2xf4E2M1FN>, b = dense<[-0.000000e+00, 2.000000e+00]> : tensor<2xf6E3M2FN>}
"foo.op"() {a = dense<1.0e400> : tensor<2xf4E2M1FN>, b = dense<[-1.0e400, 2.0]> : tensor<2xf6E3M2FN>} : () -> ()
func.func @f() -> (f4E2M1FN, f4E2M1FN) {
  // CHECK: arith.constant 0x0 : f4E2M1FN
  // CHECK: arith.constant 0.000000e+00 : f4E2M1FN
  %0 = arith.constant 1.0e400 : f4E2M1FN
  %1 = arith.constant 0.0 : f4E2M1FN
  return %0, %1 : f4E2M1FN, f4E2M1FN
}
