// A user's argument or result sharding that the pipeline changed is listed
// with the reason, in the table, the JSON and the CSV; explain never cites
// an origin whose shown sharding lacks the axis without saying what changed it.
// RUN: cd %S && sharc propagate Inputs/not_divisible_5.mlir | FileCheck %s --check-prefix=FIVE
// RUN: cd %S && sharc propagate Inputs/not_divisible_64.mlir | FileCheck %s --check-prefix=SIXTYFOUR
// RUN: cd %S && sharc propagate Inputs/changed_other.mlir --no-comm | FileCheck %s --check-prefix=OTHER
// RUN: cd %S && sharc propagate Inputs/not_divisible_64.mlir --format json | FileCheck %s --check-prefix=JSON
// RUN: cd %S && sharc propagate Inputs/not_divisible_5.mlir --format csv | FileCheck %s --check-prefix=CSV
// RUN: cd %S && sharc explain Inputs/not_divisible_5.mlir %%0 | FileCheck %s --check-prefix=EXPLAIN5
// RUN: cd %S && sharc explain Inputs/not_divisible_64.mlir %%0 | FileCheck %s --check-prefix=EXPLAIN64
// RUN: cd %S && sharc propagate Inputs/collectives.mlir --no-comm 2>/dev/null | FileCheck %s --check-prefix=NONE

// 'y' on a dimension of 5 disappears: the argument now reads P('x', None).
// FIVE:      %arg0  x     argument  {{.*}}  P('x', None)
// FIVE:      user shardings changed (the user's axes the pipeline dropped or narrowed)
// FIVE-NEXT:   value  name  user sharding  now           dim  axis  kept  reason         why
// FIVE-NEXT:   %arg0  x     P('x', 'y')    P('x', None)  1    'y'         not_divisible  dimension 1 (size 5) does not divide into 2 shards; export drops 'y'
// FIVE:      ! 1 user sharding changed by the pipeline (listed above)

// 32 rows on a 64-way axis keep the major 32-way part, on the argument and
// on the result.
// SIXTYFOUR:      user shardings changed
// SIXTYFOUR-NEXT:   value    name   user sharding    now                    dim  axis    kept          reason         why
// SIXTYFOUR-NEXT:   %arg0    batch  P('data', None)  P('data:(1)32', None)  0    'data'  'data:(1)32'  not_divisible  dimension 0 (size 32) does not divide into 64 shards; export keeps 'data:(1)32', the part of 'data' that divides it
// SIXTYFOUR-NEXT:   result0  out    P('data', None)  P('data:(1)32', None)  0    'data'  'data:(1)32'  not_divisible
// SIXTYFOUR:      ! 2 user shardings changed by the pipeline (listed above)

// A sub-axis on an open dimension goes with the axes after it; a size-one
// axis is removed on import; on 6 rows ('a', 'b') keeps 'a:(1)2' and drops
// 'b'; %arg2's sharding stays and is not listed.
// OTHER:      user shardings changed
// OTHER-NEXT:   value  name  user sharding                 now                dim  axis      kept      reason         why
// OTHER-NEXT:   %arg0        P(('a:(1)2', 'b', ?), 'one')  P(None, None)      0    'a:(1)2'            sub_axis       a sub-axis on an open dimension of a function's argument or result: export removes it and the axes after it
// OTHER-NEXT:   %arg0        P(('a:(1)2', 'b', ?), 'one')  P(None, None)      0    'b'                 sub_axis       it followed an axis the pipeline cut (sub_axis)
// OTHER-NEXT:   %arg0        P(('a:(1)2', 'b', ?), 'one')  P(None, None)      1    'one'               size_one_axis  an axis of size 1 splits nothing: the import removes it
// OTHER-NEXT:   %arg1        P(('a', 'b'), None)           P('a:(1)2', None)  0    'a'       'a:(1)2'  not_divisible  dimension 0 (size 6) does not divide into 4 shards; export keeps 'a:(1)2', the part of 'a' that divides it
// OTHER-NEXT:   %arg1        P(('a', 'b'), None)           P('a:(1)2', None)  0    'b'                 not_divisible  it followed an axis the pipeline cut (not_divisible)
// OTHER-NOT:    %arg2 {{.*}}not_divisible
// OTHER:      ! 2 user shardings changed by the pipeline (listed above)

// In the JSON, "changed_user_shardings" has one entry per argument or result.
// JSON:      "changed_user_shardings": [
// JSON-NEXT: {"function": "main", "kind": "argument", "index": 0, "value": "%arg0", "name": "batch", "user_sharding": "P('data', None)", "sharding": "P('data:(1)32', None)", "axes": [{"dimension": 0, "axis": "'data'", "kept": "'data:(1)32'", "reason": "not_divisible", "detail": "dimension 0 (size 32) does not divide into 64 shards; export keeps 'data:(1)32', the part of 'data' that divides it"}]},
// JSON-NEXT: {"function": "main", "kind": "result", "index": 0, "value": "result0", "name": "out",
// JSON:      "changed_user_shardings": 2, "functions": 1,

// The CSV has a user_sharding_change record per axis (sharding: now; from: the user's).
// CSV: user_sharding_change,main,%arg0,x,argument,{{[^,]*}},tensor<8x5xf32>,"P('x', None)",,,,,,,not_divisible,'y',"P('x', 'y')",

// EXPLAIN5:      axis 'y' (dimension 1): from argument 0 of @main (%arg0 'x', P('x', None))
// EXPLAIN5-NEXT:   the user sharded it P('x', 'y'); it is P('x', None) now: 'y' dropped (not_divisible: dimension 1 (size 5) does not divide into 2 shards; export drops 'y')
// EXPLAIN5-NEXT:   step 0    %arg0 -> %0  through add %0 (operand 0 -> result 0) at m.py:3:5

// EXPLAIN64:      axis 'data' (dimension 0): from result 0 of @main ('out', P('data:(1)32', None))
// EXPLAIN64-NEXT:   the user sharded it P('data', None); it is P('data:(1)32', None) now: 'data' narrowed (not_divisible: dimension 0 (size 32) does not divide into 64 shards; export keeps 'data:(1)32', the part of 'data' that divides it)

// A module whose user shardings all stay lists none.
// NONE-NOT: user shardings changed
// NONE:     summary
// NONE-NOT: user sharding
