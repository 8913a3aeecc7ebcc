// RUN: sdy_opt %s | FileCheck %s
// RUN: sdy_opt -mlir-print-op-generic %s | sdy_opt | FileCheck %s
// RUN: sdy_opt -emit-bytecode %s | sdy_opt | FileCheck %s
// arith's computation ops in custom form, printed as mlir-opt-22 prints
// them (default flags elided, result names of the two-result ops), and the
// same after the generic form and bytecode.

// CHECK-LABEL: func @f
func.func @f(%a: i32, %b: i32, %x: f32, %y: f32, %c: i1, %t: tensor<2x3xi64>, %ft: tensor<2x3xf32>, %ix: index) -> i32 {
  // CHECK-NEXT: %0 = arith.addi %arg0, %arg1 overflow<nuw> : i32
  %0 = arith.addi %a, %b overflow<nuw> : i32
  // CHECK-NEXT: %1 = arith.subi %arg0, %arg1 : i32
  %1 = arith.subi %a, %b : i32
  // CHECK-NEXT: %2 = arith.muli %arg0, %arg1 overflow<nsw> : i32
  %2 = arith.muli %a, %b overflow<nsw> : i32
  // CHECK-NEXT: %3 = arith.shli %arg5, %arg5 : tensor<2x3xi64>
  %3 = arith.shli %t, %t : tensor<2x3xi64>
  // CHECK-NEXT: %4 = arith.divui %arg0, %arg1 : i32
  %4 = arith.divui %a, %b : i32
  // CHECK-NEXT: %5 = arith.divsi %arg0, %arg1 exact : i32
  %5 = arith.divsi %a, %b exact : i32
  // CHECK-NEXT: %6 = arith.shrui %arg0, %arg1 exact : i32
  %6 = arith.shrui %a, %b exact : i32
  // CHECK-NEXT: %7 = arith.shrsi %arg5, %arg5 : tensor<2x3xi64>
  %7 = arith.shrsi %t, %t : tensor<2x3xi64>
  // CHECK-NEXT: %8 = arith.ceildivui %arg0, %arg1 : i32
  %8 = arith.ceildivui %a, %b : i32
  // CHECK-NEXT: %9 = arith.ceildivsi %arg0, %arg1 : i32
  %9 = arith.ceildivsi %a, %b : i32
  // CHECK-NEXT: %10 = arith.floordivsi %arg7, %arg7 : index
  %10 = arith.floordivsi %ix, %ix : index
  // CHECK-NEXT: %11 = arith.remui %arg0, %arg1 : i32
  %11 = arith.remui %a, %b : i32
  // CHECK-NEXT: %12 = arith.remsi %arg0, %arg1 : i32
  %12 = arith.remsi %a, %b : i32
  // CHECK-NEXT: %13 = arith.andi %arg4, %arg4 : i1
  %13 = arith.andi %c, %c : i1
  // CHECK-NEXT: %14 = arith.ori %arg0, %arg1 : i32
  %14 = arith.ori %a, %b : i32
  // CHECK-NEXT: %15 = arith.xori %arg0, %arg1 : i32
  %15 = arith.xori %a, %b : i32
  // CHECK-NEXT: %16 = arith.maxsi %arg0, %arg1 : i32
  %16 = arith.maxsi %a, %b : i32
  // CHECK-NEXT: %17 = arith.maxui %arg0, %arg1 : i32
  %17 = arith.maxui %a, %b : i32
  // CHECK-NEXT: %18 = arith.minsi %arg0, %arg1 : i32
  %18 = arith.minsi %a, %b : i32
  // CHECK-NEXT: %19 = arith.minui %arg0, %arg1 : i32
  %19 = arith.minui %a, %b : i32
  // CHECK-NEXT: %20 = arith.addf %arg6, %arg6 : tensor<2x3xf32>
  %20 = arith.addf %ft, %ft : tensor<2x3xf32>
  // CHECK-NEXT: %21 = arith.subf %arg2, %arg3 fastmath<nnan> : f32
  %21 = arith.subf %x, %y fastmath<nnan> : f32
  // CHECK-NEXT: %22 = arith.mulf %arg2, %arg3 : f32
  %22 = arith.mulf %x, %y : f32
  // CHECK-NEXT: %23 = arith.divf %arg2, %arg3 fastmath<arcp> : f32
  %23 = arith.divf %x, %y fastmath<arcp> : f32
  // CHECK-NEXT: %24 = arith.remf %arg2, %arg3 : f32
  %24 = arith.remf %x, %y : f32
  // CHECK-NEXT: %25 = arith.maximumf %arg2, %arg3 : f32
  %25 = arith.maximumf %x, %y : f32
  // CHECK-NEXT: %26 = arith.minimumf %arg2, %arg3 : f32
  %26 = arith.minimumf %x, %y : f32
  // CHECK-NEXT: %27 = arith.maxnumf %arg2, %arg3 : f32
  %27 = arith.maxnumf %x, %y : f32
  // CHECK-NEXT: %28 = arith.minnumf %arg2, %arg3 : f32
  %28 = arith.minnumf %x, %y : f32
  // CHECK-NEXT: %29 = arith.negf %arg6 fastmath<nsz> : tensor<2x3xf32>
  %29 = arith.negf %ft fastmath<nsz> : tensor<2x3xf32>
  // CHECK-NEXT: %30 = arith.cmpi sge, %arg5, %arg5 : tensor<2x3xi64>
  %30 = arith.cmpi sge, %t, %t : tensor<2x3xi64>
  // CHECK-NEXT: %31 = arith.cmpf uno, %arg6, %arg6 fastmath<fast> : tensor<2x3xf32>
  %31 = arith.cmpf uno, %ft, %ft fastmath<fast> : tensor<2x3xf32>
  // CHECK-NEXT: %32 = arith.select %30, %arg5, %arg5 : tensor<2x3xi1>, tensor<2x3xi64>
  %32 = arith.select %30, %t, %t : tensor<2x3xi1>, tensor<2x3xi64>
  // CHECK-NEXT: %33 = arith.select %arg4, %arg6, %arg6 : tensor<2x3xf32>
  %33 = arith.select %c, %ft, %ft : tensor<2x3xf32>
  // CHECK-NEXT: %34 = arith.extui %arg0 : i32 to i64
  %34 = arith.extui %a : i32 to i64
  // CHECK-NEXT: %35 = arith.extsi %arg4 : i1 to i32
  %35 = arith.extsi %c : i1 to i32
  // CHECK-NEXT: %36 = arith.trunci %arg5 overflow<nsw, nuw> : tensor<2x3xi64> to tensor<2x3xi8>
  %36 = arith.trunci %t overflow<nsw, nuw> : tensor<2x3xi64> to tensor<2x3xi8>
  // CHECK-NEXT: %37 = arith.extf %arg6 fastmath<contract> : tensor<2x3xf32> to tensor<2x3xf64>
  %37 = arith.extf %ft fastmath<contract> : tensor<2x3xf32> to tensor<2x3xf64>
  // CHECK-NEXT: %38 = arith.truncf %arg6 toward_zero : tensor<2x3xf32> to tensor<2x3xbf16>
  %38 = arith.truncf %ft toward_zero : tensor<2x3xf32> to tensor<2x3xbf16>
  // CHECK-NEXT: %39 = arith.uitofp %arg5 : tensor<2x3xi64> to tensor<2x3xf16>
  %39 = arith.uitofp %t : tensor<2x3xi64> to tensor<2x3xf16>
  // CHECK-NEXT: %40 = arith.sitofp %arg0 : i32 to f64
  %40 = arith.sitofp %a : i32 to f64
  // CHECK-NEXT: %41 = arith.fptoui %arg6 : tensor<2x3xf32> to tensor<2x3xi32>
  %41 = arith.fptoui %ft : tensor<2x3xf32> to tensor<2x3xi32>
  // CHECK-NEXT: %42 = arith.fptosi %arg2 : f32 to i16
  %42 = arith.fptosi %x : f32 to i16
  // CHECK-NEXT: %43 = arith.bitcast %arg6 : tensor<2x3xf32> to tensor<2x3xi32>
  %43 = arith.bitcast %ft : tensor<2x3xf32> to tensor<2x3xi32>
  // CHECK-NEXT: %44 = arith.index_cast %arg0 : i32 to index
  %44 = arith.index_cast %a : i32 to index
  // CHECK-NEXT: %45 = arith.index_castui %arg7 : index to i32
  %45 = arith.index_castui %ix : index to i32
  // CHECK-NEXT: %sum, %overflow = arith.addui_extended %arg5, %arg5 : tensor<2x3xi64>, tensor<2x3xi1>
  %46:2 = arith.addui_extended %t, %t : tensor<2x3xi64>, tensor<2x3xi1>
  // CHECK-NEXT: %low, %high = arith.mulsi_extended %arg0, %arg1 : i32
  %47:2 = arith.mulsi_extended %a, %b : i32
  // CHECK-NEXT: %low_0, %high_1 = arith.mului_extended %arg7, %arg7 : index
  %48:2 = arith.mului_extended %ix, %ix : index
  // CHECK-NEXT: %cst = arith.constant dense<1> : tensor<2x3xi64>
  %49 = arith.constant dense<1> : tensor<2x3xi64>
  // CHECK-NEXT: %cst_2 = arith.constant 1.500000e+00 : f32
  %50 = arith.constant 1.5 : f32
  // CHECK-NEXT: %46 = arith.truncf %arg2 downward : f32 to f16
  %51 = arith.truncf %x downward : f32 to f16
  // CHECK-NEXT: %47 = arith.extf %arg2 : f32 to f64
  %52 = arith.extf %x : f32 to f64
  // CHECK-NEXT: return %0 : i32
  return %0 : i32
}
