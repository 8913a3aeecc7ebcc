// arith's computation ops in custom form: flags, predicates, rounding modes,
// casts, select and the two-result ops (mlir-opt-22 parses and prints them).
func.func @f(%a: i32, %b: i32, %x: f32, %y: f32, %c: i1, %t: tensor<2x3xi64>, %ft: tensor<2x3xf32>, %ix: index) -> i32 {
  %0 = arith.addi %a, %b overflow<nuw> : i32
  %1 = arith.subi %a, %b : i32
  %2 = arith.muli %a, %b overflow<nsw> : i32
  %3 = arith.shli %t, %t : tensor<2x3xi64>
  %4 = arith.divui %a, %b : i32
  %5 = arith.divsi %a, %b exact : i32
  %6 = arith.shrui %a, %b exact : i32
  %7 = arith.shrsi %t, %t : tensor<2x3xi64>
  %8 = arith.ceildivui %a, %b : i32
  %9 = arith.ceildivsi %a, %b : i32
  %10 = arith.floordivsi %ix, %ix : index
  %11 = arith.remui %a, %b : i32
  %12 = arith.remsi %a, %b : i32
  %13 = arith.andi %c, %c : i1
  %14 = arith.ori %a, %b : i32
  %15 = arith.xori %a, %b : i32
  %16 = arith.maxsi %a, %b : i32
  %17 = arith.maxui %a, %b : i32
  %18 = arith.minsi %a, %b : i32
  %19 = arith.minui %a, %b : i32
  %20 = arith.addf %ft, %ft : tensor<2x3xf32>
  %21 = arith.subf %x, %y fastmath<nnan> : f32
  %22 = arith.mulf %x, %y : f32
  %23 = arith.divf %x, %y fastmath<arcp> : f32
  %24 = arith.remf %x, %y : f32
  %25 = arith.maximumf %x, %y : f32
  %26 = arith.minimumf %x, %y : f32
  %27 = arith.maxnumf %x, %y : f32
  %28 = arith.minnumf %x, %y : f32
  %29 = arith.negf %ft fastmath<nsz> : tensor<2x3xf32>
  %30 = arith.cmpi sge, %t, %t : tensor<2x3xi64>
  %31 = arith.cmpf uno, %ft, %ft fastmath<fast> : tensor<2x3xf32>
  %32 = arith.select %30, %t, %t : tensor<2x3xi1>, tensor<2x3xi64>
  %33 = arith.select %c, %ft, %ft : tensor<2x3xf32>
  %34 = arith.extui %a : i32 to i64
  %35 = arith.extsi %c : i1 to i32
  %36 = arith.trunci %t overflow<nsw, nuw> : tensor<2x3xi64> to tensor<2x3xi8>
  %37 = arith.extf %ft fastmath<contract> : tensor<2x3xf32> to tensor<2x3xf64>
  %38 = arith.truncf %ft toward_zero : tensor<2x3xf32> to tensor<2x3xbf16>
  %39 = arith.uitofp %t : tensor<2x3xi64> to tensor<2x3xf16>
  %40 = arith.sitofp %a : i32 to f64
  %41 = arith.fptoui %ft : tensor<2x3xf32> to tensor<2x3xi32>
  %42 = arith.fptosi %x : f32 to i16
  %43 = arith.bitcast %ft : tensor<2x3xf32> to tensor<2x3xi32>
  %44 = arith.index_cast %a : i32 to index
  %45 = arith.index_castui %ix : index to i32
  %46:2 = arith.addui_extended %t, %t : tensor<2x3xi64>, tensor<2x3xi1>
  %47:2 = arith.mulsi_extended %a, %b : i32
  %48:2 = arith.mului_extended %ix, %ix : index
  %49 = arith.constant dense<1> : tensor<2x3xi64>
  %50 = arith.constant 1.5 : f32
  %51 = arith.truncf %x downward : f32 to f16
  %52 = arith.extf %x : f32 to f64
  return %0 : i32
}
