// ERROR: 2:59: expected ::mlir::chlo::ComparisonDirection to be one of: EQ, NE, GE, GT, LE, LT
func.func @f() attributes {x = #chlo<comparison_direction XX>} {
  return
}
