// `sharc propagate --format csv`: one header, value, collective and total
// rows, fields with commas quoted; compared with a golden file and read
// back with Python's csv module.
// RUN: cd %S/../../../examples && sharc propagate mlp_jax.mlir --format csv --explicit > %t.csv
// RUN: diff -u %S/Inputs/mlp_jax_explicit.csv %t.csv
// RUN: python3 %S/Inputs/check_report.py csv %t.csv | FileCheck %s

// CHECK: rows=15
// CHECK: value %arg0 P('data', None) bytes=16384
// CHECK: collective %7 all_reduce moved=16384
// CHECK: total arguments 4216832
// CHECK: total all_reduce  16384
