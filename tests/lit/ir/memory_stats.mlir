// RUN: env SHARC_STATS=1 sdy_opt --allow-unregistered-dialect %s -o /dev/null 2>&1 | FileCheck %s
// SHARC_STATS=1 breaks the context's memory down by structure, per op; the
// counts below are exact (ops created: the module and the three inside,
// eight words each, and a word of room for a grown operand array's address
// in each of the three without operands; two operand uses of four words
// each, one result value of three).

// CHECK: sharc: memory by structure, 4 ops created:
// CHECK-NEXT: sharc:   op records {{.*}} 70.0 B/op
// CHECK-NEXT: sharc:   operand uses {{.*}} 16.0 B/op
// CHECK-NEXT: sharc:   results, block args {{.*}} 6.0 B/op
// CHECK-NEXT: sharc:   regions, blocks
// CHECK-NEXT: sharc:   attr dictionaries
// CHECK-NEXT: sharc:   locations
// CHECK-NEXT: sharc:   string attrs
// CHECK-NEXT: sharc:   other attrs
// CHECK-NEXT: sharc:   types
// CHECK-NEXT: sharc:   other arena data
// CHECK-NEXT: sharc:   identifiers
// CHECK-NEXT: sharc:   uniquing tables
// CHECK-NEXT: sharc:   parser scratch (peak)
// CHECK-NEXT: sharc:   total
"t.a"() ({
  %0 = "t.b"() {s = "text"} : () -> i32
  "t.c"(%0, %0) : (i32, i32) -> ()
}) : () -> ()
