// RUN: sdy_opt --allow-unregistered-dialect %s | FileCheck %s
// f8E8M0FNU has no sign bit, yet MLIR reads a negative literal of it: the
// value goes through a double and APFloat's conversion, which keeps the
// sign, so a FloatAttr prints it back (-0.1 rounds to -0.125); a zero
// turns into the smallest value, unsigned; an overflow is the NaN. Dense
// elements store APFloat's bit pattern, where the sign lands in the top
// bit: -2.0 reads as 2.0 (0x80), -0.1 as 0xFC (2^125). The other small
// formats keep their sign as usual. (Outputs are mlir-opt-22's.)

// CHECK: "foo.op"() {a = -2.000000e+00 : f8E8M0FNU, b = [-2.000000e+00 : f8E8M0FNU, 2.000000e+00 : f8E8M0FNU], c = 5.877470e-39 : f8E8M0FNU, d = -1.250000e-01 : f8E8M0FNU, e = 0xFF : f8E8M0FNU, f = 5.877470e-39 : f8E8M0FNU}
"foo.op"() {a = -2.0 : f8E8M0FNU, b = [-2.0 : f8E8M0FNU, 2.0 : f8E8M0FNU], c = -0.0 : f8E8M0FNU, d = -0.1 : f8E8M0FNU, e = -1.0e100 : f8E8M0FNU, f = -1.0e-100 : f8E8M0FNU} : () -> ()
// CHECK: "foo.op"() {a = dense<2.000000e+00> : tensor<2xf8E8M0FNU>, b = dense<4.253530e+37> : tensor<f8E8M0FNU>, c = dense<[8.589930e+09, 3.323070e+35]> : tensor<2xf8E8M0FNU>}
"foo.op"() {a = dense<[-2.0, 2.0]> : tensor<2xf8E8M0FNU>, b = dense<-0.1> : tensor<f8E8M0FNU>, c = dense<[-1.0e10, -0.001]> : tensor<2xf8E8M0FNU>} : () -> ()
// CHECK: "foo.op"() {a = -6.000000e+00 : f4E2M1FN, b = dense<-7.500000e+00> : tensor<f6E2M3FN>, c = -0.000000e+00 : f6E3M2FN, d = 0x80 : f8E4M3FNUZ}
"foo.op"() {a = -1.0e10 : f4E2M1FN, b = dense<-1.0e10> : tensor<f6E2M3FN>, c = -0.0 : f6E3M2FN, d = -1.0e10 : f8E4M3FNUZ} : () -> ()
func.func @f() -> f8E8M0FNU {
  // CHECK: arith.constant -2.000000e+00 : f8E8M0FNU
  %0 = arith.constant -2.0 : f8E8M0FNU
  return %0 : f8E8M0FNU
}
