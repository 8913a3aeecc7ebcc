// Text MLIR 22 takes that sharc refused: blanks and line breaks between the
// parts of a dimension list (MLIR reads it by tokens), a file location
// with a line alone (a FileLineColRange of one number, printed with
// column 0), dense arrays of signed and unsigned integers (an unsigned
// one's negative element wraps, as buildAttributeAPInt allows). And at the very end of a file that does not end in a newline,
// MLIR reports one character back from the end, the last one.
// RUN: sdy_opt --allow-unregistered-dialect -mlir-print-debuginfo %s | FileCheck %s
// RUN: printf '"foo.a"() {a = array<i32: 1,' > %t.eof1.mlir
// RUN: not sdy_opt --allow-unregistered-dialect %t.eof1.mlir 2>&1 | FileCheck --check-prefix=EOF1 %s
// RUN: printf '"foo.a"() {a = 1 : tensor<8' > %t.eof2.mlir
// RUN: not sdy_opt --allow-unregistered-dialect %t.eof2.mlir 2>&1 | FileCheck --check-prefix=EOF2 %s

// CHECK: "foo.a"() : () -> tensor<4x8xf32>
"foo.a"() : () -> tensor<4 x 8xf32>
// CHECK: "foo.b"() : () -> vector<[4]x2xf32>
"foo.b"() : () -> vector<[ 4 ] x
  2xf32>
// CHECK: "foo.c"() : () -> memref<?xf32>
"foo.c"() : () -> memref<? x f32>
// CHECK: "foo.d"() : () -> () loc(#[[LOC:loc[0-9]*]])
"foo.d"() : () -> () loc("a":3)
// CHECK: "foo.e"() {a = array<si32: 1, -2>, b = array<ui8: 255, 1, 255>} : () -> ()
"foo.e"() {a = array<si32: 1, -2>, b = array<ui8: 255, 1, -1>} : () -> ()
// CHECK: #[[LOC]] = loc("a":3:0)

// EOF1: eof1.mlir:1:28: error: expected integer literal
// EOF2: eof2.mlir:1:27: error: expected 'x' in dimension list
