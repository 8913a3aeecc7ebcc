// The source line under an error, as llvm::SourceMgr shows it: tabs
// expanded to 8-column stops, the caret line widened alike (a caret on a
// tab fills the tab's columns), and no caret line under a line with
// non-ASCII bytes.
// RUN: not sdy_opt --allow-unregistered-dialect -split-input-file %s 2>&1 | FileCheck --strict-whitespace --match-full-lines %s

// CHECK:{{.*}}diag_source_line.mlir:[[@LINE+3]]:18: error: expected attribute name
// CHECK-NEXT:"foo.a"() {x = 1,               } : () -> ()
// CHECK-NEXT:                 ^^^^^^^
"foo.a"() {x = 1,		} : () -> ()

// -----

// CHECK:{{.*}}diag_source_line.mlir:[[@LINE+3]]:19: error: expected attribute name
// CHECK-NEXT:        "foo.a"() {x = 1,       , y} : () -> ()
// CHECK-NEXT:                         ^
	"foo.a"() {x = 1, 	, y} : () -> ()

// -----

// CHECK:{{.*}}diag_source_line.mlir:[[@LINE+3]]:21: error: expected attribute name
// CHECK-NEXT:"foo.a"() {x = "é", } : () -> ()
// CHECK-NOT:{{.*}}^
"foo.a"() {x = "é", } : () -> ()
