// Programs and inputs `sharc verify` and `sharc partition` cannot take:
// located errors, exit 1, no output file.
// RUN: not sharc verify %S/Inputs/verify_major_only.mlir --inputs %s 2>&1 | FileCheck %s --check-prefix=INPUTS
// RUN: not sharc verify %S/Inputs/verify_major_only.mlir --inputs %S/Inputs/verify_bad_inputs.txt 2>&1 | FileCheck %s --check-prefix=TYPE
// RUN: not sharc verify %S/Inputs/verify_major_only.mlir --seed x 2>&1 | FileCheck %s --check-prefix=SEED
// RUN: not sharc verify %S/Inputs/verify_major_only.mlir --rtol -1 2>&1 | FileCheck %s --check-prefix=RTOL
// RUN: not sharc verify %S/Inputs/no_such_file.mlir 2>&1 | FileCheck %s --check-prefix=NOFILE
// RUN: not sharc partition %S/Inputs/verify_major_only.mlir --replica-count 2 --partition-count 2 -o %t.out 2>&1 | FileCheck %s --check-prefix=COUNTS
// RUN: not test -e %t.out
// RUN: not sharc partition %S/Inputs/verify_major_only.mlir --bogus 2>&1 | FileCheck %s --check-prefix=OPTION

// This file is no list of dense literals:
// INPUTS: verify_errors.mlir:{{[0-9]+}}:1: error: 0 inputs for the 1 arguments of the function
// TYPE: verify_bad_inputs.txt:2:1: error: input 0 must be a dense literal of type tensor<8x2xi32>
// SEED: sharc verify: error: --seed takes a number, not 'x'
// RTOL: sharc verify: error: --rtol takes a number >= 0, not '-1'
// NOFILE: error: could not open input file
// COUNTS: error: the partitioner needs replica-count or partition-count to be 1
// OPTION: sharc partition: error: unknown option '--bogus'
