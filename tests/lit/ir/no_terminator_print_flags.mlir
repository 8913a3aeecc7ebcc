// "block with no terminator, has <op>" prints its op as every diagnostic
// does (Diagnostic::appendOp): with the tool's printing flags, here the
// trailing location and the users' comment. Both tools agree.
// RUN: not sdy_opt --mlir-print-debuginfo %s 2>&1 | FileCheck %s --check-prefix=DEBUG
// RUN: not mlir-opt-22 --mlir-print-debuginfo %s 2>&1 | FileCheck %s --check-prefix=DEBUG
// RUN: not sdy_opt --mlir-print-value-users %s 2>&1 | FileCheck %s --check-prefix=USERS
// RUN: not mlir-opt-22 --mlir-print-value-users %s 2>&1 | FileCheck %s --check-prefix=USERS

// DEBUG: error: block with no terminator, has %1 = "arith.addi"(%arg0, %0) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32 loc({{.*}}no_terminator_print_flags.mlir":[[# @LINE + 5]]:8)
// USERS: error: block with no terminator, has %2 = "arith.addi"(%arg0, %1) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32 // unused
"func.func"() <{function_type = (i32) -> i32, sym_name = "f"}> ({
^bb0(%a: i32):
  %c = "arith.constant"() <{value = 1 : i32}> : () -> i32
  %d = "arith.addi"(%a, %c) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
}) : () -> ()
