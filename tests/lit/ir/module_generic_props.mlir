// RUN: sdy_opt -split-input-file -verify-diagnostics %s | FileCheck %s
// builtin.module's inherent attributes (sym_name, sym_visibility:
// OptionalAttr<StrAttr>) as MLIR reads them: without a <{...}>, a value of
// another kind is verifyInherentAttrs's error as the op is read (by sorted
// name; in the custom form where its attr-dict begins, with the custom op
// prefix); in a <{...}> it is setPropertiesFromAttr's error; in {...} next
// to a <{...}> the op drops it. sharc accepted `sym_visibility = 1` and
// reported a wrong sym_name from the verifier. (mlir-opt-22's outputs.)

// expected-error @below {{'builtin.module' op attribute 'sym_name' failed to satisfy constraint: string attribute}}
"builtin.module"() ({ ^bb0: }) {sym_visibility = 2, sym_name = 1} : () -> ()

// -----

// expected-error @below {{'builtin.module' op attribute 'sym_visibility' failed to satisfy constraint: string attribute}}
"builtin.module"() ({ }) {sym_visibility = 1} : () -> ()

// -----

// expected-error @below {{invalid properties {sym_visibility = @a} for op builtin.module: Invalid attribute `sym_visibility` in property conversion: @a}}
"builtin.module"() <{sym_visibility = @a}> ({ ^bb0: }) : () -> ()

// -----

// expected-error @below {{custom op 'builtin.module' 'builtin.module' op attribute 'sym_visibility' failed to satisfy constraint: string attribute}}
module @a attributes {sym_visibility = 1} {
}

// -----

// CHECK: module @a {
"builtin.module"() <{sym_name = "a"}> ({ ^bb0: }) {sym_visibility = 1} : () -> ()

// -----

// CHECK: module {
"builtin.module"() <{}> ({ ^bb0: }) {sym_visibility = 1} : () -> ()
