func.func @f(%a: i32 loc("a.mlir":1:1)) {
  return loc("r.mlir":2:2)
} loc("f.mlir":1:1)
