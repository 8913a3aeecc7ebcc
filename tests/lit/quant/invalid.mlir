// RUN: sdy_opt -split-input-file -verify-diagnostics %s
// The quant dialect's parse and verification errors, as MLIR words them.

// expected-error @below {{illegal storage type prefix}}
func.func private @f(!quant.uniform<x8:f32, 1.0>)

// -----

// expected-error @below {{expected storage type width}}
func.func private @f(!quant.uniform<u:f32, 1.0>)

// -----

// expected-error @below {{illegal storage type size: 0}}
func.func private @f(!quant.uniform<i0:f32, 1.0>)

// -----

// expected-error @below {{illegal storage type size: 64}}
func.func private @f(!quant.uniform<i64:f32, 1.0>)

// -----

// expected-error @below {{illegal storage type maximum: 500}}
func.func private @f(!quant.uniform<i8<-2:500>:f32, 1.0>)

// -----

// expected-error @below {{illegal storage min and storage max: (5:5)}}
func.func private @f(!quant.uniform<i8<5:5>:f32, 1.0>)

// -----

// expected-error @below {{invalid kind of type specified}}
func.func private @f(!quant.uniform<i8:i32, 1.0>)

// -----

// expected-error @below {{scale 0.000000e+00 out of expressed type range [1.401298e-45, 3.402823e+38]}}
func.func private @f(!quant.uniform<i8:f32, 0.0>)

// -----

// expected-error @below {{scale 1.000000e+40 out of expressed type range [9.183550e-41, 3.389531e+38]}}
func.func private @f(!quant.uniform<i8:bf16, 1.0e40>)

// -----

// expected-error @below {{unexpected decimal integer literal for a floating point value}}
func.func private @f(!quant.uniform<i8:f32, 1>)

// -----

// expected-error @below {{illegal quantized dimension: -1}}
func.func private @f(!quant.uniform<i8:f32:-1, {1.0}>)

// -----

// expected-error @below {{illegal block size: 0}}
func.func private @f(!quant.uniform<i8:f32:{0:0}, {{1.0}}>)

// -----

// expected-error @below {{tensor literal is invalid; ranks are not consistent between elements}}
func.func private @f(!quant.uniform<i8:f32:{0:1}, {{2.0:10}, {1.0, 2.0}}>)

// -----

// expected-error @below {{illegal min and max: (1.000000e+00:1.000000e+00)}}
func.func private @f(!quant.calibrated<f32<1.0:1.0>>)

// -----

// expected-error @below {{invalid kind of type specified}}
// expected-error @below {{expecting float expressed type}}
func.func private @f(!quant.calibrated<i8<-1.0:1.0>>)

// -----

// expected-error @below {{unknown quantized type foo}}
func.func private @f(!quant.foo<i8>)
