// The output file is written beside the target and renamed into place on
// success: -o may name the (mapped) input, a failing run leaves an existing
// target as it was and no temporary file behind.
// RUN: rm -rf %t.d && mkdir %t.d && cp %s %t.d/in.mlir
// RUN: sdy_opt --allow-unregistered-dialect -split-input-file %t.d/in.mlir -o %t.d/in.mlir
// RUN: FileCheck %s --check-prefix=SAME < %t.d/in.mlir
// SAME: "t.first"() : () -> ()
// SAME: // -----
// SAME: "t.second"() : () -> ()

// RUN: echo OLD > %t.d/out.mlir
// RUN: not sdy_opt -split-input-file %s -o %t.d/out.mlir 2>&1 | FileCheck %s --check-prefix=ERR
// ERR: error: operation being parsed with an unregistered dialect
// RUN: FileCheck %s --check-prefix=OLD < %t.d/out.mlir
// OLD: OLD
// RUN: ls %t.d | FileCheck %s --check-prefix=FILES --implicit-check-not=tmp
// FILES: in.mlir
// FILES: out.mlir

// A failing run with no earlier target leaves nothing.
// RUN: not sdy_opt -split-input-file %s -o %t.d/new.mlir 2>/dev/null
// RUN: not test -e %t.d/new.mlir
// RUN: ls %t.d | FileCheck %s --check-prefix=FILES --implicit-check-not=tmp --implicit-check-not=new

// The replaced file keeps its mode; a new one gets the umask's.
// RUN: chmod 640 %t.d/out.mlir && sdy_opt --allow-unregistered-dialect -split-input-file %s -o %t.d/out.mlir
// RUN: stat -c %%a %t.d/out.mlir | FileCheck %s --check-prefix=MODE
// MODE: 640

// Through a symbolic link, the file it names is replaced.
// RUN: ln -s out.mlir %t.d/link.mlir && sdy_opt --allow-unregistered-dialect %t.d/in.mlir -split-input-file -o %t.d/link.mlir
// RUN: test -L %t.d/link.mlir && FileCheck %s --check-prefix=SAME < %t.d/out.mlir

// A target that is not a regular file (a device such as /dev/null, here a
// FIFO) is written to directly, and never replaced or removed.
// RUN: rm -f %t.fifo && mkfifo %t.fifo && (cat %t.fifo > %t.got &) && not sdy_opt -split-input-file %s -o %t.fifo 2>%t.err
// RUN: test -p %t.fifo
// RUN: rm -f %t.fifo && mkfifo %t.fifo && (cat %t.fifo > %t.got2 &) && sdy_opt --allow-unregistered-dialect %t.d/in.mlir -o %t.fifo && test -p %t.fifo

"t.first"() : () -> ()

// -----

"t.second"() : () -> ()
