// The resource sections of the file metadata: MLIR's parseCommaSeparatedList
// message for a missing ',' or '}', and the external section's own word for
// an entry's key.
// RUN: not sdy_opt --allow-unregistered-dialect -split-input-file %s 2>&1 | FileCheck %s

// CHECK: resource_section_errors.mlir:[[@LINE+2]]:50: error: expected ',' or '}'
"foo.a"() : () -> ()
{-# dialect_resources: {builtin: {a: "0x04000000" x}} #-}

// -----

// CHECK: resource_section_errors.mlir:[[@LINE+2]]:51: error: expected ',' or '}'
"foo.a"() : () -> ()
{-# dialect_resources: {builtin: {a: "0x04000000"} x} #-}

// -----

// CHECK: resource_section_errors.mlir:[[@LINE+2]]:32: error: expected identifier key for 'external_resources' entry
"foo.a"() : () -> ()
{-# external_resources: {foo: {1: 2}} #-}

// -----

// CHECK: resource_section_errors.mlir:[[@LINE+2]]:38: error: expected ',' or '}'
"foo.a"() : () -> ()
{-# external_resources: {foo: {a: "s" x}} #-}
