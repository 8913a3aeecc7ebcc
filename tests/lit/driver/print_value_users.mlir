// RUN: sdy_opt --allow-unregistered-dialect --mlir-print-value-users %s  | FileCheck %s --check-prefix=USERS
// RUN: sdy_opt --allow-unregistered-dialect --mlir-print-value-users --mlir-print-op-generic %s  | FileCheck %s --check-prefix=GENERIC
// RUN: sdy_opt --allow-unregistered-dialect --mlir-print-value-users --mlir-print-unique-ssa-ids %s  | FileCheck %s --check-prefix=UNIQUE
// -mlir-print-value-users: each op's users as a comment (results-less ops
// numbered), each block argument's on a line of its own; in the generic
// form and with unique ids the numbering changes, the comments with it.

// Users of values: none, one, several, the same op twice, ops without
// results numbered, multi-result ops, users in nested regions and blocks.
func.func @f(%a: i32, %unused: i32, %twice: i32) -> i32 {
  %c = arith.constant 2 : i32
  %dead = arith.constant 3 : i32
  %0 = "test.op"(%a, %c) : (i32, i32) -> i32
  %1:3 = "test.triple"(%0, %twice, %twice) : (i32, i32, i32) -> (i32, i32, i32)
  "test.sink"(%1#0, %1#0) : (i32, i32) -> ()
  %2:2 = "test.pair"(%1#1) : (i32) -> (i32, i32)
  "test.noresult"() : () -> ()
  %3 = "test.region"(%2#0) ({
  ^bb0(%x: i32, %y: i32):
    %4 = "test.op"(%x, %0) : (i32, i32) -> i32
    "test.br"(%4)[^bb1] : (i32) -> ()
  ^bb1(%z: i32):
    "test.yield"(%z, %a) : (i32, i32) -> ()
  }) : (i32) -> i32
  "test.sink"(%3, %2#1, %1#2) : (i32, i32, i32) -> ()
  return %3 : i32
}
func.func private @decl(i32) -> i32
func.func @empty() {
  return
}

// USERS: module {
// USERS-NEXT:   func.func @f(%arg0: i32, %arg1: i32, %arg2: i32) -> i32 {
// USERS-NEXT:     // %arg0 is used by %14, %3
// USERS-NEXT:     // %arg1 is unused
// USERS-NEXT:     // %arg2 is used by %4#0, %4#1, %4#2
// USERS-NEXT:     %c2_i32 = arith.constant 2 : i32 // user: %3
// USERS-NEXT:     %c3_i32 = arith.constant 3 : i32 // unused
// USERS-NEXT:     %3 = "test.op"(%arg0, %c2_i32) : (i32, i32) -> i32 // users: %11, %4#0, %4#1, %4#2
// USERS-NEXT:     %4:3 = "test.triple"(%3, %arg2, %arg2) : (i32, i32, i32) -> (i32, i32, i32) // users: (%5), (%6#0, %6#1), (%9)
// USERS-NEXT:     "test.sink"(%4#0, %4#0) : (i32, i32) -> () // id: %5
// USERS-NEXT:     %6:2 = "test.pair"(%4#1) : (i32) -> (i32, i32) // users: (%8), (%9)
// USERS-NEXT:     "test.noresult"() : () -> ()
// USERS-NEXT:     %8 = "test.region"(%6#0) ({
// USERS-NEXT:     ^bb0(%arg3: i32, %arg4: i32):
// USERS-NEXT:       // %arg3 is used by %11
// USERS-NEXT:       // %arg4 is unused
// USERS-NEXT:       %11 = "test.op"(%arg3, %3) : (i32, i32) -> i32 // user: %12
// USERS-NEXT:       "test.br"(%11)[^bb1] : (i32) -> () // id: %12
// USERS-NEXT:     ^bb1(%13: i32):  // pred: ^bb0
// USERS-NEXT:       // %13 is used by %14
// USERS-NEXT:       "test.yield"(%13, %arg0) : (i32, i32) -> () // id: %14
// USERS-NEXT:     }) : (i32) -> i32 // users: %10, %9
// USERS-NEXT:     "test.sink"(%8, %6#1, %4#2) : (i32, i32, i32) -> () // id: %9
// USERS-NEXT:     return %8 : i32 // id: %10
// USERS-NEXT:   }
// USERS-NEXT:   func.func private @decl(i32) -> i32
// USERS-NEXT:   func.func @empty() {
// USERS-NEXT:     return
// USERS-NEXT:   }
// USERS-NEXT: }

// GENERIC: "builtin.module"() ({
// GENERIC-NEXT:   "func.func"() <{function_type = (i32, i32, i32) -> i32, sym_name = "f"}> ({
// GENERIC-NEXT:   ^bb0(%arg0: i32, %arg1: i32, %arg2: i32):
// GENERIC-NEXT:     // %arg0 is used by %18, %7
// GENERIC-NEXT:     // %arg1 is unused
// GENERIC-NEXT:     // %arg2 is used by %8#0, %8#1, %8#2
// GENERIC-NEXT:     %5 = "arith.constant"() <{value = 2 : i32}> : () -> i32 // user: %7
// GENERIC-NEXT:     %6 = "arith.constant"() <{value = 3 : i32}> : () -> i32 // unused
// GENERIC-NEXT:     %7 = "test.op"(%arg0, %5) : (i32, i32) -> i32 // users: %15, %8#0, %8#1, %8#2
// GENERIC-NEXT:     %8:3 = "test.triple"(%7, %arg2, %arg2) : (i32, i32, i32) -> (i32, i32, i32) // users: (%9), (%10#0, %10#1), (%13)
// GENERIC-NEXT:     "test.sink"(%8#0, %8#0) : (i32, i32) -> () // id: %9
// GENERIC-NEXT:     %10:2 = "test.pair"(%8#1) : (i32) -> (i32, i32) // users: (%12), (%13)
// GENERIC-NEXT:     "test.noresult"() : () -> ()
// GENERIC-NEXT:     %12 = "test.region"(%10#0) ({
// GENERIC-NEXT:     ^bb0(%arg3: i32, %arg4: i32):
// GENERIC-NEXT:       // %arg3 is used by %15
// GENERIC-NEXT:       // %arg4 is unused
// GENERIC-NEXT:       %15 = "test.op"(%arg3, %7) : (i32, i32) -> i32 // user: %16
// GENERIC-NEXT:       "test.br"(%15)[^bb1] : (i32) -> () // id: %16
// GENERIC-NEXT:     ^bb1(%17: i32):  // pred: ^bb0
// GENERIC-NEXT:       // %17 is used by %18
// GENERIC-NEXT:       "test.yield"(%17, %arg0) : (i32, i32) -> () // id: %18
// GENERIC-NEXT:     }) : (i32) -> i32 // users: %14, %13
// GENERIC-NEXT:     "test.sink"(%12, %10#1, %8#2) : (i32, i32, i32) -> () // id: %13
// GENERIC-NEXT:     "func.return"(%12) : (i32) -> () // id: %14
// GENERIC-NEXT:   }) : () -> ()
// GENERIC-NEXT:   "func.func"() <{function_type = (i32) -> i32, sym_name = "decl", sym_visibility = "private"}> ({
// GENERIC-NEXT:   }) : () -> ()
// GENERIC-NEXT:   "func.func"() <{function_type = () -> (), sym_name = "empty"}> ({
// GENERIC-NEXT:     "func.return"() : () -> ()
// GENERIC-NEXT:   }) : () -> ()
// GENERIC-NEXT: }) : () -> ()

// UNIQUE: module {
// UNIQUE-NEXT:   func.func @f(%arg0: i32, %arg1: i32, %arg2: i32) -> i32 {
// UNIQUE-NEXT:     // %arg0 is used by %16, %5
// UNIQUE-NEXT:     // %arg1 is unused
// UNIQUE-NEXT:     // %arg2 is used by %6#0, %6#1, %6#2
// UNIQUE-NEXT:     %c2_i32 = arith.constant 2 : i32 // user: %5
// UNIQUE-NEXT:     %c3_i32 = arith.constant 3 : i32 // unused
// UNIQUE-NEXT:     %5 = "test.op"(%arg0, %c2_i32) : (i32, i32) -> i32 // users: %13, %6#0, %6#1, %6#2
// UNIQUE-NEXT:     %6:3 = "test.triple"(%5, %arg2, %arg2) : (i32, i32, i32) -> (i32, i32, i32) // users: (%7), (%8#0, %8#1), (%11)
// UNIQUE-NEXT:     "test.sink"(%6#0, %6#0) : (i32, i32) -> () // id: %7
// UNIQUE-NEXT:     %8:2 = "test.pair"(%6#1) : (i32) -> (i32, i32) // users: (%10), (%11)
// UNIQUE-NEXT:     "test.noresult"() : () -> ()
// UNIQUE-NEXT:     %10 = "test.region"(%8#0) ({
// UNIQUE-NEXT:     ^bb0(%arg3: i32, %arg4: i32):
// UNIQUE-NEXT:       // %arg3 is used by %13
// UNIQUE-NEXT:       // %arg4 is unused
// UNIQUE-NEXT:       %13 = "test.op"(%arg3, %5) : (i32, i32) -> i32 // user: %14
// UNIQUE-NEXT:       "test.br"(%13)[^bb1] : (i32) -> () // id: %14
// UNIQUE-NEXT:     ^bb1(%15: i32):  // pred: ^bb0
// UNIQUE-NEXT:       // %15 is used by %16
// UNIQUE-NEXT:       "test.yield"(%15, %arg0) : (i32, i32) -> () // id: %16
// UNIQUE-NEXT:     }) : (i32) -> i32 // users: %12, %11
// UNIQUE-NEXT:     "test.sink"(%10, %8#1, %6#2) : (i32, i32, i32) -> () // id: %11
// UNIQUE-NEXT:     return %10 : i32 // id: %12
// UNIQUE-NEXT:   }
// UNIQUE-NEXT:   func.func private @decl(i32) -> i32
// UNIQUE-NEXT:   func.func @empty() {
// UNIQUE-NEXT:     return
// UNIQUE-NEXT:   }
// UNIQUE-NEXT: }
