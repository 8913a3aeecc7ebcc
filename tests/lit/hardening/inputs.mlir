// Inputs that are not regular files.
// RUN: rm -rf %t.dir && mkdir %t.dir
// RUN: not sdy_opt %t.dir 2>&1 | FileCheck %s --check-prefix=DIR -DDIR=%t.dir
// DIR: cannot open input file '[[DIR]]': Is a directory
// RUN: not sdy_opt %t.dir/missing.mlir 2>&1 | FileCheck %s --check-prefix=MISSING -DDIR=%t.dir
// MISSING: cannot open input file '[[DIR]]/missing.mlir': No such file or directory
// RUN: not sdy_opt '' 2>&1 | FileCheck %s --check-prefix=EMPTYNAME
// EMPTYNAME: cannot open input file '': No such file or directory

// A file whose size reads 0 is read to its end: /proc files, pipes.
// RUN: not sdy_opt /proc/self/status 2>&1 | FileCheck %s --check-prefix=PROC
// PROC: /proc/self/status:1:1: error: custom op 'Name' is unknown
// RUN: cat %s | sdy_opt | FileCheck %s --check-prefix=PIPE
// RUN: rm -f %t.fifo && mkfifo %t.fifo && (cat %s > %t.fifo &) && sdy_opt %t.fifo | FileCheck %s --check-prefix=PIPE
// PIPE: module {
// PIPE-NEXT: func.func @f

func.func @f() {
  return
}
