// RUN: sdy_opt --allow-unregistered-dialect --mlir-elide-elementsattrs-if-larger=0 %s  | FileCheck %s --check-prefix=ELIDE0
// RUN: sdy_opt --allow-unregistered-dialect --mlir-elide-elementsattrs-if-larger=2 --mlir-print-op-generic %s  | FileCheck %s --check-prefix=ELIDE2
// RUN: sdy_opt --allow-unregistered-dialect --mlir-print-elementsattrs-with-hex-if-larger=0 %s  | FileCheck %s --check-prefix=HEX0
// RUN: sdy_opt --allow-unregistered-dialect --mlir-print-elementsattrs-with-hex-if-larger=-1 %s  | FileCheck %s --check-prefix=HEXOFF
// RUN: sdy_opt --allow-unregistered-dialect --mlir-print-elementsattrs-with-hex-if-larger=-2 %s  | FileCheck %s --check-prefix=HEXNEG
// RUN: not sdy_opt --allow-unregistered-dialect --mlir-print-elementsattrs-with-hex-if-larger=1x %s 2>&1 >/dev/null | FileCheck %s --check-prefix=BADHEX
// RUN: not sdy_opt --allow-unregistered-dialect --mlir-elide-elementsattrs-if-larger=-1 %s 2>&1 >/dev/null | FileCheck %s --check-prefix=BADELIDE
// -mlir-elide-elementsattrs-if-larger (splats kept, 0 elides any non-empty
// one) and -mlir-print-elementsattrs-with-hex-if-larger (default 100; -1
// never; other negative limits take even empty ones).

// Elements attributes: splats and not, empty, at and around the limits,
// i1, floats, complex, strings, a resource, inside ops and properties.
func.func @f() -> (tensor<3xi32>, tensor<101xi8>) {
  %0 = arith.constant dense<[1, 2, 3]> : tensor<3xi32>
  %1 = arith.constant dense<5> : tensor<101xi8>
  %2 = arith.constant dense<[[1.5, 2.0], [-3.0, 4.25]]> : tensor<2x2xf32>
  %3 = arith.constant dense<[true, false, true, true]> : tensor<4xi1>
  %4 = arith.constant dense<> : tensor<0xi32>
  %5 = arith.constant dense<7> : tensor<2xi64>
  "test.use"(%2, %3, %4, %5) {a = dense<[1, 2]> : tensor<2xi16>, b = dense<"s"> : tensor<3x!llvm.ptr>, c = dense<["a", "bc"]> : tensor<2x!llvm.ptr>, d = dense<[(1, 2), (3, 4)]> : tensor<2xcomplex<i32>>, e = dense<[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 64, 65, 66, 67, 68, 69, 70, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80, 81, 82, 83, 84, 85, 86, 87, 88, 89, 90, 91, 92, 93, 94, 95, 96, 97, 98, 99, 100]> : tensor<101xi32>, f = dense<1.0> : tensor<4xf16>, g = array<i32: 1, 2, 3>} : (tensor<2x2xf32>, tensor<4xi1>, tensor<0xi32>, tensor<2xi64>) -> ()
  "test.props"() <{p = dense<[1, 2, 3, 4]> : tensor<4xi8>}> : () -> ()
  return %0, %1 : tensor<3xi32>, tensor<101xi8>
}

// ELIDE0: module {
// ELIDE0-NEXT:   func.func @f() -> (tensor<3xi32>, tensor<101xi8>) {
// ELIDE0-NEXT:     %cst = arith.constant dense_resource<__elided__> : tensor<3xi32>
// ELIDE0-NEXT:     %cst_0 = arith.constant dense<5> : tensor<101xi8>
// ELIDE0-NEXT:     %cst_1 = arith.constant dense_resource<__elided__> : tensor<2x2xf32>
// ELIDE0-NEXT:     %cst_2 = arith.constant dense_resource<__elided__> : tensor<4xi1>
// ELIDE0-NEXT:     %cst_3 = arith.constant dense<> : tensor<0xi32>
// ELIDE0-NEXT:     %cst_4 = arith.constant dense<7> : tensor<2xi64>
// ELIDE0-NEXT:     "test.use"(%cst_1, %cst_2, %cst_3, %cst_4) {a = dense_resource<__elided__> : tensor<2xi16>, b = dense<"s"> : tensor<3x!llvm.ptr>, c = dense_resource<__elided__> : tensor<2x!llvm.ptr>, d = dense_resource<__elided__> : tensor<2xcomplex<i32>>, e = dense_resource<__elided__> : tensor<101xi32>, f = dense<1.000000e+00> : tensor<4xf16>, g = array<i32: 1, 2, 3>} : (tensor<2x2xf32>, tensor<4xi1>, tensor<0xi32>, tensor<2xi64>) -> ()
// ELIDE0-NEXT:     "test.props"() <{p = dense_resource<__elided__> : tensor<4xi8>}> : () -> ()
// ELIDE0-NEXT:     return %cst, %cst_0 : tensor<3xi32>, tensor<101xi8>
// ELIDE0-NEXT:   }
// ELIDE0-NEXT: }

// ELIDE2: "builtin.module"() ({
// ELIDE2-NEXT:   "func.func"() <{function_type = () -> (tensor<3xi32>, tensor<101xi8>), sym_name = "f"}> ({
// ELIDE2-NEXT:     %0 = "arith.constant"() <{value = dense_resource<__elided__> : tensor<3xi32>}> : () -> tensor<3xi32>
// ELIDE2-NEXT:     %1 = "arith.constant"() <{value = dense<5> : tensor<101xi8>}> : () -> tensor<101xi8>
// ELIDE2-NEXT:     %2 = "arith.constant"() <{value = dense_resource<__elided__> : tensor<2x2xf32>}> : () -> tensor<2x2xf32>
// ELIDE2-NEXT:     %3 = "arith.constant"() <{value = dense_resource<__elided__> : tensor<4xi1>}> : () -> tensor<4xi1>
// ELIDE2-NEXT:     %4 = "arith.constant"() <{value = dense<> : tensor<0xi32>}> : () -> tensor<0xi32>
// ELIDE2-NEXT:     %5 = "arith.constant"() <{value = dense<7> : tensor<2xi64>}> : () -> tensor<2xi64>
// ELIDE2-NEXT:     "test.use"(%2, %3, %4, %5) {a = dense<[1, 2]> : tensor<2xi16>, b = dense<"s"> : tensor<3x!llvm.ptr>, c = dense<["a", "bc"]> : tensor<2x!llvm.ptr>, d = dense<[(1,2), (3,4)]> : tensor<2xcomplex<i32>>, e = dense_resource<__elided__> : tensor<101xi32>, f = dense<1.000000e+00> : tensor<4xf16>, g = array<i32: 1, 2, 3>} : (tensor<2x2xf32>, tensor<4xi1>, tensor<0xi32>, tensor<2xi64>) -> ()
// ELIDE2-NEXT:     "test.props"() <{p = dense_resource<__elided__> : tensor<4xi8>}> : () -> ()
// ELIDE2-NEXT:     "func.return"(%0, %1) : (tensor<3xi32>, tensor<101xi8>) -> ()
// ELIDE2-NEXT:   }) : () -> ()
// ELIDE2-NEXT: }) : () -> ()

// HEX0: module {
// HEX0-NEXT:   func.func @f() -> (tensor<3xi32>, tensor<101xi8>) {
// HEX0-NEXT:     %cst = arith.constant dense<"0x010000000200000003000000"> : tensor<3xi32>
// HEX0-NEXT:     %cst_0 = arith.constant dense<5> : tensor<101xi8>
// HEX0-NEXT:     %cst_1 = arith.constant dense<"0x0000C03F00000040000040C000008840"> : tensor<2x2xf32>
// HEX0-NEXT:     %cst_2 = arith.constant dense<"0x0D"> : tensor<4xi1>
// HEX0-NEXT:     %cst_3 = arith.constant dense<> : tensor<0xi32>
// HEX0-NEXT:     %cst_4 = arith.constant dense<7> : tensor<2xi64>
// HEX0-NEXT:     "test.use"(%cst_1, %cst_2, %cst_3, %cst_4) {a = dense<"0x01000200"> : tensor<2xi16>, b = dense<"s"> : tensor<3x!llvm.ptr>, c = dense<["a", "bc"]> : tensor<2x!llvm.ptr>, d = dense<"0x01000000020000000300000004000000"> : tensor<2xcomplex<i32>>, e = dense<"0x000000000100000002000000030000000400000005000000060000000700000008000000090000000A0000000B0000000C0000000D0000000E0000000F000000100000001100000012000000130000001400000015000000160000001700000018000000190000001A0000001B0000001C0000001D0000001E0000001F000000200000002100000022000000230000002400000025000000260000002700000028000000290000002A0000002B0000002C0000002D0000002E0000002F000000300000003100000032000000330000003400000035000000360000003700000038000000390000003A0000003B0000003C0000003D0000003E0000003F000000400000004100000042000000430000004400000045000000460000004700000048000000490000004A0000004B0000004C0000004D0000004E0000004F000000500000005100000052000000530000005400000055000000560000005700000058000000590000005A0000005B0000005C0000005D0000005E0000005F0000006000000061000000620000006300000064000000"> : tensor<101xi32>, f = dense<1.000000e+00> : tensor<4xf16>, g = array<i32: 1, 2, 3>} : (tensor<2x2xf32>, tensor<4xi1>, tensor<0xi32>, tensor<2xi64>) -> ()
// HEX0-NEXT:     "test.props"() <{p = dense<"0x01020304"> : tensor<4xi8>}> : () -> ()
// HEX0-NEXT:     return %cst, %cst_0 : tensor<3xi32>, tensor<101xi8>
// HEX0-NEXT:   }
// HEX0-NEXT: }

// HEXOFF: module {
// HEXOFF-NEXT:   func.func @f() -> (tensor<3xi32>, tensor<101xi8>) {
// HEXOFF-NEXT:     %cst = arith.constant dense<[1, 2, 3]> : tensor<3xi32>
// HEXOFF-NEXT:     %cst_0 = arith.constant dense<5> : tensor<101xi8>
// HEXOFF-NEXT:     %cst_1 = arith.constant dense<{{\[\[}}1.500000e+00, 2.000000e+00], [-3.000000e+00, 4.250000e+00{{\]\]}}> : tensor<2x2xf32>
// HEXOFF-NEXT:     %cst_2 = arith.constant dense<[true, false, true, true]> : tensor<4xi1>
// HEXOFF-NEXT:     %cst_3 = arith.constant dense<> : tensor<0xi32>
// HEXOFF-NEXT:     %cst_4 = arith.constant dense<7> : tensor<2xi64>
// HEXOFF-NEXT:     "test.use"(%cst_1, %cst_2, %cst_3, %cst_4) {a = dense<[1, 2]> : tensor<2xi16>, b = dense<"s"> : tensor<3x!llvm.ptr>, c = dense<["a", "bc"]> : tensor<2x!llvm.ptr>, d = dense<[(1,2), (3,4)]> : tensor<2xcomplex<i32>>, e = dense<[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 64, 65, 66, 67, 68, 69, 70, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80, 81, 82, 83, 84, 85, 86, 87, 88, 89, 90, 91, 92, 93, 94, 95, 96, 97, 98, 99, 100]> : tensor<101xi32>, f = dense<1.000000e+00> : tensor<4xf16>, g = array<i32: 1, 2, 3>} : (tensor<2x2xf32>, tensor<4xi1>, tensor<0xi32>, tensor<2xi64>) -> ()
// HEXOFF-NEXT:     "test.props"() <{p = dense<[1, 2, 3, 4]> : tensor<4xi8>}> : () -> ()
// HEXOFF-NEXT:     return %cst, %cst_0 : tensor<3xi32>, tensor<101xi8>
// HEXOFF-NEXT:   }
// HEXOFF-NEXT: }

// HEXNEG: module {
// HEXNEG-NEXT:   func.func @f() -> (tensor<3xi32>, tensor<101xi8>) {
// HEXNEG-NEXT:     %cst = arith.constant dense<"0x010000000200000003000000"> : tensor<3xi32>
// HEXNEG-NEXT:     %cst_0 = arith.constant dense<5> : tensor<101xi8>
// HEXNEG-NEXT:     %cst_1 = arith.constant dense<"0x0000C03F00000040000040C000008840"> : tensor<2x2xf32>
// HEXNEG-NEXT:     %cst_2 = arith.constant dense<"0x0D"> : tensor<4xi1>
// HEXNEG-NEXT:     %cst_3 = arith.constant dense<"0x"> : tensor<0xi32>
// HEXNEG-NEXT:     %cst_4 = arith.constant dense<7> : tensor<2xi64>
// HEXNEG-NEXT:     "test.use"(%cst_1, %cst_2, %cst_3, %cst_4) {a = dense<"0x01000200"> : tensor<2xi16>, b = dense<"s"> : tensor<3x!llvm.ptr>, c = dense<["a", "bc"]> : tensor<2x!llvm.ptr>, d = dense<"0x01000000020000000300000004000000"> : tensor<2xcomplex<i32>>, e = dense<"0x000000000100000002000000030000000400000005000000060000000700000008000000090000000A0000000B0000000C0000000D0000000E0000000F000000100000001100000012000000130000001400000015000000160000001700000018000000190000001A0000001B0000001C0000001D0000001E0000001F000000200000002100000022000000230000002400000025000000260000002700000028000000290000002A0000002B0000002C0000002D0000002E0000002F000000300000003100000032000000330000003400000035000000360000003700000038000000390000003A0000003B0000003C0000003D0000003E0000003F000000400000004100000042000000430000004400000045000000460000004700000048000000490000004A0000004B0000004C0000004D0000004E0000004F000000500000005100000052000000530000005400000055000000560000005700000058000000590000005A0000005B0000005C0000005D0000005E0000005F0000006000000061000000620000006300000064000000"> : tensor<101xi32>, f = dense<1.000000e+00> : tensor<4xf16>, g = array<i32: 1, 2, 3>} : (tensor<2x2xf32>, tensor<4xi1>, tensor<0xi32>, tensor<2xi64>) -> ()
// HEXNEG-NEXT:     "test.props"() <{p = dense<"0x01020304"> : tensor<4xi8>}> : () -> ()
// HEXNEG-NEXT:     return %cst, %cst_0 : tensor<3xi32>, tensor<101xi8>
// HEXNEG-NEXT:   }
// HEXNEG-NEXT: }

// BADHEX: sdy_opt: for the --mlir-print-elementsattrs-with-hex-if-larger option: '1x' value invalid for long argument!

// BADELIDE: sdy_opt: for the --mlir-elide-elementsattrs-if-larger option: '-1' value invalid for uint argument!
