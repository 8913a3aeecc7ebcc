// arith ops over dynamic, unranked and scalable shapes, and #arith flag
// attributes given in attribute dictionaries.
func.func @f(%a: tensor<?x4xi32>, %b: tensor<3x4xi32>, %u: tensor<*xf32>, %v: vector<4xf32>, %vi: vector<[4]xi8>, %c: vector<4xi1>, %x: f32, %i: index) -> tensor<?x4xi32> attributes {arith.fm = #arith.fastmath<nnan, ninf>, arith.o = #arith.overflow<nuw>} {
  %0 = arith.addi %a, %a : tensor<?x4xi32>
  %1 = "arith.addi"(%a, %b) : (tensor<?x4xi32>, tensor<3x4xi32>) -> tensor<?x4xi32>
  %2 = arith.cmpf oge, %u, %u : tensor<*xf32>
  %3 = arith.select %c, %v, %v : vector<4xi1>, vector<4xf32>
  %4 = arith.cmpi ugt, %vi, %vi : vector<[4]xi8>
  %5 = arith.mulf %v, %v fastmath<reassoc,contract> : vector<4xf32>
  %6 = arith.bitcast %v : vector<4xf32> to vector<4xi32>
  %7 = arith.index_castui %i : index to i64
  %8 = arith.fptoui %x : f32 to i8
  %9 = arith.extf %v : vector<4xf32> to vector<4xf64>
  %10 = arith.truncf %x upward fastmath<afn> : f32 to f16
  %12 = arith.minnumf %x, %x : f32
  %13 = arith.remf %x, %x fastmath<nnan,ninf,nsz,arcp,contract,afn> : f32
  %14 = "arith.cmpi"(%a, %a) {predicate = 9 : i64, foo} : (tensor<?x4xi32>, tensor<?x4xi32>) -> tensor<?x4xi1>
  %15 = arith.addf %x, %x {fastmath = #arith.fastmath<nnan>} : f32
  %16 = arith.xori %i, %i {a = 1 : i32} : index
  %17 = arith.select %14, %a, %a : tensor<?x4xi1>, tensor<?x4xi32>
  return %0 : tensor<?x4xi32>
}
