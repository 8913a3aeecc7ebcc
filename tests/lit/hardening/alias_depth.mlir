// Aliases do not escape the nesting limit: a chain of aliases nests as
// deep as the text it stands for, and going past the limit is a located
// error at the alias that does, not a stack overflow when printing.
// RUN: python3 -c "print('#a0 = [1]'); [print('#a%%d = [#a%%d]' %% (i, i - 1)) for i in range(1, 3000)]; print('\"t.op\"() {k = #a2999} : () -> ()')" > %t.attr.mlir
// RUN: not sdy_opt --allow-unregistered-dialect %t.attr.mlir 2>&1 | FileCheck %s --check-prefix=ATTR
// ATTR: attr.mlir:{{[0-9]+}}:{{[0-9]+}}: error: nesting is too deep (more than 1000 levels)
// ATTR-NEXT: #a{{[0-9]+}} = [#a{{[0-9]+}}]

// RUN: python3 -c "print('!t0 = i32'); [print('!t%%d = tuple<!t%%d>' %% (i, i - 1)) for i in range(1, 3000)]; print('\"t.op\"() : () -> !t2999')" > %t.type.mlir
// RUN: not sdy_opt --allow-unregistered-dialect %t.type.mlir 2>&1 | FileCheck %s --check-prefix=TYPE
// TYPE: type.mlir:1002:16: error: nesting is too deep (more than 1000 levels)
// TYPE-NEXT: !t1001 = tuple<!t1000>

// Function types, dictionaries, type attributes and tensor encodings mixed.
// RUN: python3 -c "print('!f0 = i32'); [print('!f%%d = (!f%%d) -> ()' %% (i, i - 1)) if i %% 3 else print('#e%%d = {k = !f%%d}' %% (i, i - 1)) or print('!f%%d = tensor<2xf32, #e%%d>' %% (i, i)) for i in range(1, 3000)]" > %t.mixed.mlir
// RUN: not sdy_opt --allow-unregistered-dialect %t.mixed.mlir 2>&1 | FileCheck %s --check-prefix=MIXED
// MIXED: mixed.mlir:{{[0-9]+}}:{{[0-9]+}}: error: nesting is too deep (more than 1000 levels)

// A shorter chain is fine and prints.
// RUN: python3 -c "print('#a0 = [1]'); [print('#a%%d = [#a%%d]' %% (i, i - 1)) for i in range(1, 300)]; print('\"t.op\"() {k = #a299} : () -> ()')" > %t.ok.mlir
// RUN: sdy_opt --allow-unregistered-dialect %t.ok.mlir | FileCheck %s --check-prefix=OK
// OK: "t.op"() {k = {{\[+}}1{{\]+}}} : () -> ()
