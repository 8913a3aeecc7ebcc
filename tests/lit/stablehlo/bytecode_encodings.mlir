// StableHLO's and CHLO's own bytecode encodings (StablehloBytecode.cpp,
// ChloBytecode.cpp) on the module of tests/malformed/bytecode, which holds
// every attribute and type kind they encode: read back unchanged at the
// current bytecode version and at version 4 (properties as attributes),
// written again to the same bytes, and no stablehlo attribute or type left
// to the textual fallback (only #chlo<precision> and #chlo.ragged_dot, which
// CHLO's writeAttribute declines).
// RUN: stablehlo-opt --mlir-print-op-generic %S/../../malformed/bytecode/stablehlo_seed.mlir > %t.text
// RUN: stablehlo-opt -emit-bytecode %S/../../malformed/bytecode/stablehlo_seed.mlir -o %t.bc
// RUN: stablehlo-opt --mlir-print-op-generic %t.bc | diff - %t.text
// RUN: stablehlo-opt -emit-bytecode %t.bc | cmp - %t.bc
// RUN: stablehlo-opt -emit-bytecode -emit-bytecode-version=4 %S/../../malformed/bytecode/stablehlo_seed.mlir | stablehlo-opt --mlir-print-op-generic | diff - %t.text
// RUN: not grep -a -e '#stablehlo' -e '!stablehlo' -e '#chlo<comparison' %t.bc
// RUN: grep -a -o -e '#chlo<precision [A-Z]*>' -e '#chlo.ragged_dot<' %t.bc | FileCheck %s --check-prefix=TEXT
// TEXT: #chlo<precision DEFAULT>
// TEXT-NEXT: #chlo<precision HIGHEST>
// TEXT-NEXT: #chlo.ragged_dot<

