// RUN: sdy_opt --allow-unregistered-dialect --mlir-use-nameloc-as-prefix %s  | FileCheck %s --check-prefix=NAMELOC
// RUN: sdy_opt --allow-unregistered-dialect --mlir-use-nameloc-as-prefix --mlir-print-op-generic %s  | FileCheck %s --check-prefix=GENERIC
// -mlir-use-nameloc-as-prefix: a value named after the first NameLoc of its
// location (sanitized, unique), block arguments too; an empty name leaves it
// numbered; the generic form names them as well.

// Names from NameLocs: results, entry and other block arguments, hooks'
// names replaced, names to sanitize, conflicts, nested and sibling regions.
func.func @f(%a: i32 loc("input"), %b: i32 loc("1st arg"), %c: i32) -> i32 {
  %cst = arith.constant 1 : i32 loc("one")
  %0 = "test.op"(%a, %cst) : (i32, i32) -> i32 loc("sum")
  %1 = "test.op"(%0) : (i32) -> i32 loc("sum")
  %2 = "test.op"(%1) : (i32) -> i32 loc(fused["fused name", "f.mlir":1:2])
  %3 = "test.op"(%2) : (i32) -> i32 loc(callsite("callee" at "caller"))
  %4 = "test.op"(%3) : (i32) -> i32 loc("outer"("inner"))
  %5:2 = "test.pair"(%4) : (i32) -> (i32, i32) loc("pair")
  %6 = "test.op"(%5#1) : (i32) -> i32 loc("a!b\09c")
  %7 = "test.op"(%6) : (i32) -> i32 loc("")
  %8 = "test.op"(%7) : (i32) -> i32 loc("arg0")
  %9 = "test.op"(%8) : (i32) -> i32 loc("\C3\A9t\C3\A9")
  %10 = "test.region"(%9) ({
  ^bb0(%x: i32 loc("sum"), %y: i32):
    %11 = "test.op"(%x, %y) : (i32, i32) -> i32 loc("sum")
    "test.br"(%11)[^bb1] : (i32) -> ()
  ^bb1(%z: i32 loc("blockarg")):
    "test.yield"(%z) : (i32) -> ()
  }, {
  ^bb0(%x: i32):
    %12 = "test.op"(%x) : (i32) -> i32 loc("sum")
    "test.yield"(%12) : (i32) -> ()
  }) : (i32) -> i32 loc("region")
  %13 = "test.op"(%10, %b, %c) : (i32, i32, i32) -> i32 loc("-dash.dot$")
  return %13 : i32 loc("ret")
}
func.func @g(%a: i32 loc("sum")) -> i32 {
  %0 = "test.op"(%a) : (i32) -> i32 loc("sum")
  return %0 : i32
}

// NAMELOC: module {
// NAMELOC-NEXT:   func.func @f(%input: i32, %_1st_arg: i32, %arg2: i32) -> i32 {
// NAMELOC-NEXT:     %one = arith.constant 1 : i32
// NAMELOC-NEXT:     {{.*}}um = "test.op"(%input, %one) : (i32, i32) -> i32
// NAMELOC-NEXT:     {{.*}}um_0 = "test.op"({{.*}}um) : (i32) -> i32
// NAMELOC-NEXT:     %fused_name = "test.op"({{.*}}um_0) : (i32) -> i32
// NAMELOC-NEXT:     %callee = "test.op"(%fused_name) : (i32) -> i32
// NAMELOC-NEXT:     %outer = "test.op"(%callee) : (i32) -> i32
// NAMELOC-NEXT:     %pair:2 = "test.pair"(%outer) : (i32) -> (i32, i32)
// NAMELOC-NEXT:     %a21b9c = "test.op"(%pair#1) : (i32) -> i32
// NAMELOC-NEXT:     %0 = "test.op"(%a21b9c) : (i32) -> i32
// NAMELOC-NEXT:     %arg0 = "test.op"(%0) : (i32) -> i32
// NAMELOC-NEXT:     %_C3A9tC3A9 = "test.op"(%arg0) : (i32) -> i32
// NAMELOC-NEXT:     %region = "test.region"(%_C3A9tC3A9) ({
// NAMELOC-NEXT:     ^bb0({{.*}}um_1: i32, %arg4: i32):
// NAMELOC-NEXT:       {{.*}}um_2 = "test.op"({{.*}}um_1, %arg4) : (i32, i32) -> i32
// NAMELOC-NEXT:       "test.br"({{.*}}um_2)[^bb1] : (i32) -> ()
// NAMELOC-NEXT:     ^bb1(%blockarg: i32):  // pred: ^bb0
// NAMELOC-NEXT:       "test.yield"(%blockarg) : (i32) -> ()
// NAMELOC-NEXT:     }, {
// NAMELOC-NEXT:     ^bb0(%arg3: i32):
// NAMELOC-NEXT:       {{.*}}um_1 = "test.op"(%arg3) : (i32) -> i32
// NAMELOC-NEXT:       "test.yield"({{.*}}um_1) : (i32) -> ()
// NAMELOC-NEXT:     }) : (i32) -> i32
// NAMELOC-NEXT:     %-dash.dot$ = "test.op"(%region, %_1st_arg, %arg2) : (i32, i32, i32) -> i32
// NAMELOC-NEXT:     return %-dash.dot$ : i32
// NAMELOC-NEXT:   }
// NAMELOC-NEXT:   func.func @g({{.*}}um: i32) -> i32 {
// NAMELOC-NEXT:     {{.*}}um_0 = "test.op"({{.*}}um) : (i32) -> i32
// NAMELOC-NEXT:     return {{.*}}um_0 : i32
// NAMELOC-NEXT:   }
// NAMELOC-NEXT: }

// GENERIC: "builtin.module"() ({
// GENERIC-NEXT:   "func.func"() <{function_type = (i32, i32, i32) -> i32, sym_name = "f"}> ({
// GENERIC-NEXT:   ^bb0(%input: i32, %_1st_arg: i32, %arg3: i32):
// GENERIC-NEXT:     %one = "arith.constant"() <{value = 1 : i32}> : () -> i32
// GENERIC-NEXT:     {{.*}}um = "test.op"(%input, %one) : (i32, i32) -> i32
// GENERIC-NEXT:     {{.*}}um_1 = "test.op"({{.*}}um) : (i32) -> i32
// GENERIC-NEXT:     %fused_name = "test.op"({{.*}}um_1) : (i32) -> i32
// GENERIC-NEXT:     %callee = "test.op"(%fused_name) : (i32) -> i32
// GENERIC-NEXT:     %outer = "test.op"(%callee) : (i32) -> i32
// GENERIC-NEXT:     %pair:2 = "test.pair"(%outer) : (i32) -> (i32, i32)
// GENERIC-NEXT:     %a21b9c = "test.op"(%pair#1) : (i32) -> i32
// GENERIC-NEXT:     %0 = "test.op"(%a21b9c) : (i32) -> i32
// GENERIC-NEXT:     %arg0 = "test.op"(%0) : (i32) -> i32
// GENERIC-NEXT:     %_C3A9tC3A9 = "test.op"(%arg0) : (i32) -> i32
// GENERIC-NEXT:     %region = "test.region"(%_C3A9tC3A9) ({
// GENERIC-NEXT:     ^bb0({{.*}}um_3: i32, %arg6: i32):
// GENERIC-NEXT:       {{.*}}um_4 = "test.op"({{.*}}um_3, %arg6) : (i32, i32) -> i32
// GENERIC-NEXT:       "test.br"({{.*}}um_4)[^bb1] : (i32) -> ()
// GENERIC-NEXT:     ^bb1(%blockarg: i32):  // pred: ^bb0
// GENERIC-NEXT:       "test.yield"(%blockarg) : (i32) -> ()
// GENERIC-NEXT:     }, {
// GENERIC-NEXT:     ^bb0(%arg4: i32):
// GENERIC-NEXT:       {{.*}}um_2 = "test.op"(%arg4) : (i32) -> i32
// GENERIC-NEXT:       "test.yield"({{.*}}um_2) : (i32) -> ()
// GENERIC-NEXT:     }) : (i32) -> i32
// GENERIC-NEXT:     %-dash.dot$ = "test.op"(%region, %_1st_arg, %arg3) : (i32, i32, i32) -> i32
// GENERIC-NEXT:     "func.return"(%-dash.dot$) : (i32) -> ()
// GENERIC-NEXT:   }) : () -> ()
// GENERIC-NEXT:   "func.func"() <{function_type = (i32) -> i32, sym_name = "g"}> ({
// GENERIC-NEXT:   ^bb0({{.*}}um: i32):
// GENERIC-NEXT:     {{.*}}um_0 = "test.op"({{.*}}um) : (i32) -> i32
// GENERIC-NEXT:     "func.return"({{.*}}um_0) : (i32) -> ()
// GENERIC-NEXT:   }) : () -> ()
// GENERIC-NEXT: }) : () -> ()
