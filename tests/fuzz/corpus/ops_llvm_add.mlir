func.func @add(%a: i32, %v: vector<4xi8>) -> i32 {
  %0 = llvm.add %a, %a overflow<nsw, nuw> : i32
  %1 = "llvm.add"(%0, %a) <{overflowFlags = #llvm.overflow<nsw>}> : (i32, i32) -> i32
  %2 = llvm.add %v, %v overflow<nuw> : vector<4xi8>
  return %1 : i32
}
