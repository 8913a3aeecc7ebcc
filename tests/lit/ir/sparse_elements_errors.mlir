// The errors of sparse<...>: the literals' (as dense<...>'s, at the
// element), the type's and SparseElementsAttr::verify's (at the keyword).
// The file passes -verify-diagnostics with both tools.
// RUN: sdy_opt --allow-unregistered-dialect -split-input-file -verify-diagnostics %s
// RUN: mlir-opt-22 --allow-unregistered-dialect -split-input-file -verify-diagnostics %s

// expected-error @+1 {{expected shape ([3, 4]); inferred shape of indices literal ([2, 2]); inferred shape of values literal ([3])}}
"foo.op"() {a = sparse<[[0, 0], [1, 2]], [1, 5, 6]> : tensor<3x4xi32>} : () -> ()

// -----

// expected-error @+1 {{expected shape ([3, 4]); inferred shape of indices literal ([2]); inferred shape of values literal ([2])}}
"foo.op"() {a = sparse<[0, 1], [1, 5]> : tensor<3x4xi32>} : () -> ()

// -----

// expected-error @+1 {{sparse index #1 is not contained within the value shape, with index=[1, 9], and type='tensor<3x4xi32>'}}
"foo.op"() {a = sparse<[[0, 0], [1, 9]], [1, 5]> : tensor<3x4xi32>} : () -> ()

// -----

// A lone index stands for all the dimensions.
// expected-error @+1 {{sparse index #0 is not contained within the value shape, with index=[7, 7], and type='tensor<3x4xi32>'}}
"foo.op"() {a = sparse<7, 1> : tensor<3x4xi32>} : () -> ()

// -----

// expected-error @+1 {{sparse index #0 is not contained within the value shape, with index=[18446744073709551615], and type='tensor<3xi32>'}}
"foo.op"() {a = sparse<[-1], [1]> : tensor<3xi32>} : () -> ()

// -----

// expected-error @+1 {{expected 1-d tensor for sparse element values}}
"foo.op"() {a = sparse<[0, 1], [[1, 5]]> : tensor<3xi32>} : () -> ()

// -----

// The indices take no hex: a string there is a number out of range.
// expected-error @+1 {{integer constant out of range for type}}
"foo.op"() {a = sparse<"0x01", [1]> : tensor<3xi32>} : () -> ()

// -----

// expected-error @+1 {{integer constant out of range for type}}
"foo.op"() {a = sparse<[0], ["a"]> : tensor<3xi32>} : () -> ()

// -----

// expected-error @+1 {{expected integer elements, but parsed floating-point}}
"foo.op"() {a = sparse<[1.5], [1]> : tensor<3xi32>} : () -> ()

// -----

// expected-error @+1 {{elements hex data size is invalid for provided type: 'tensor<1xi32>'}}
"foo.op"() {a = sparse<[0], "0x0100"> : tensor<3xi32>} : () -> ()

// -----

// expected-error @+1 {{expected string containing hex digits starting with `0x`}}
"foo.op"() {a = sparse<[0], "zz"> : tensor<3xi32>} : () -> ()

// -----

// expected-error @+1 {{elements literal type must have static shape}}
"foo.op"() {a = sparse<[0], [1]> : tensor<?xi32>} : () -> ()

// -----

// expected-error @+1 {{elements literal type must have static shape}}
"foo.op"() {a = sparse<> : tensor<*xi32>} : () -> ()

// -----

// expected-error @+1 {{elements literal must be a shaped type}}
"foo.op"() {a = sparse<[0], [1]> : i32} : () -> ()

// -----

// expected-error @+1 {{expected ','}}
"foo.op"() {a = sparse<[0] [1]> : tensor<3xi32>} : () -> ()

// -----

// expected-error @+1 {{Expected '<' after 'sparse'}}
"foo.op"() {a = sparse[0]} : () -> ()

// -----

// expected-error @+1 {{expected ':'}}
"foo.op"() {a = sparse<[0], [1]>} : () -> ()

// -----

// expected-error @+1 {{expected i1 type for 'true' or 'false' values}}
"foo.op"() {a = sparse<[0], [true]> : tensor<3xi32>} : () -> ()

// -----

// A string among a list of numbers, in dense<...> as well.
// expected-error @+1 {{integer constant out of range for type}}
"foo.op"() {a = dense<[1, "a"]> : tensor<2xi32>} : () -> ()

// -----

// expected-error @+1 {{expected floating point literal}}
"foo.op"() {a = dense<["a"]> : tensor<1xf32>} : () -> ()
