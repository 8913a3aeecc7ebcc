// ERROR: 4:33: custom op 'llvm.add' expected one of [none, nsw, nuw] for LLVM integer overflow flags, got: fo
// An overflow flag the LLVM dialect does not have.
func.func @f(%a: i32) {
  %0 = llvm.add %a, %a overflow<foo> : i32
  return
}
