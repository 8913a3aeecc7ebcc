// -split-input-file splits as MLIR does: near misses of the marker are
// warned about and stay in their piece, a custom marker may be given, and
// -output-split-marker joins the outputs.
// RUN: sdy_opt --allow-unregistered-dialect -split-input-file %s 2>&1 | FileCheck %s
// CHECK: split_marker.mlir:[[# @LINE + 7]]:7: warning: near miss with file split marker
// CHECK-NEXT: // ----
// CHECK-NEXT: {{^      \^$}}
// CHECK: "t.a"() : () -> ()
// CHECK-NEXT: "t.b"() : () -> ()
// CHECK: // -----
"t.a"() : () -> ()
// ----
"t.b"() : () -> ()
// -----
"t.c"() : () -> ()

// RUN: printf '"t.x"() : () -> ()\n@@@@\n"t.y"() : () -> ()\n' > %t.in
// RUN: sdy_opt --allow-unregistered-dialect -split-input-file=@@@@ -output-split-marker=SPLIT %t.in 2>&1 | FileCheck %s --check-prefix=CUSTOM
// CUSTOM: "t.x"() : () -> ()
// CUSTOM: SPLIT
// CUSTOM-NEXT: module {
// CUSTOM-NEXT: "t.y"() : () -> ()
