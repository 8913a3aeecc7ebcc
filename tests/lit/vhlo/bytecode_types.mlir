// RUN: stablehlo-opt -emit-bytecode %s | stablehlo-opt --mlir-print-op-generic > %t.0
// RUN: stablehlo-opt --mlir-print-op-generic %s > %t.1
// RUN: diff %t.0 %t.1
// RUN: stablehlo-opt -emit-bytecode -emit-bytecode-version=4 %s | stablehlo-opt --mlir-print-op-generic | diff - %t.1
// RUN: stablehlo-opt -emit-bytecode %s | stablehlo-opt -emit-bytecode | stablehlo-opt --mlir-print-op-generic | diff - %t.1
// Every VHLO type code and attribute code of VhloBytecode.cpp, written with
// VHLO's encodings and read back unchanged (the current bytecode version and
// version 4, where properties travel as attributes).

vhlo.func_v1 @types(%a0: !vhlo.tensor_v1<!vhlo.bool_v1>, %a1: !vhlo.tensor_v1<!vhlo.bf16_v1>,
    %a2: !vhlo.tensor_v1<!vhlo.f16_v1>, %a3: !vhlo.tensor_v1<!vhlo.f32_v1>,
    %a4: !vhlo.tensor_v1<!vhlo.f64_v1>, %a5: !vhlo.tensor_v1<!vhlo.f4E2M1FN_v1>,
    %a6: !vhlo.tensor_v1<!vhlo.f6E2M3FN_v1>, %a7: !vhlo.tensor_v1<!vhlo.f6E3M2FN_v1>,
    %a8: !vhlo.tensor_v1<!vhlo.f8E3M4_v1>, %a9: !vhlo.tensor_v1<!vhlo.f8E4M3_v1>,
    %a10: !vhlo.tensor_v1<!vhlo.f8E4M3FN_v1>, %a11: !vhlo.tensor_v1<!vhlo.f8E5M2_v1>,
    %a12: !vhlo.tensor_v1<!vhlo.f8E4M3FNUZ_v1>, %a13: !vhlo.tensor_v1<!vhlo.f8E4M3B11FNUZ_v1>,
    %a14: !vhlo.tensor_v1<!vhlo.f8E5M2FNUZ_v1>, %a15: !vhlo.tensor_v1<!vhlo.f8E8M0FNU_v1>,
    %a16: !vhlo.tensor_v1<!vhlo.tf31_v1>, %a17: !vhlo.tensor_v1<!vhlo.index_v1>,
    %a18: !vhlo.tensor_v1<!vhlo.i2_v1>, %a19: !vhlo.tensor_v1<!vhlo.i4_v1>,
    %a20: !vhlo.tensor_v1<!vhlo.i8_v1>, %a21: !vhlo.tensor_v1<!vhlo.i16_v1>,
    %a22: !vhlo.tensor_v1<!vhlo.i32_v1>, %a23: !vhlo.tensor_v1<!vhlo.i64_v1>,
    %a24: !vhlo.tensor_v1<!vhlo.ui2_v1>, %a25: !vhlo.tensor_v1<!vhlo.ui4_v1>,
    %a26: !vhlo.tensor_v1<!vhlo.ui8_v1>, %a27: !vhlo.tensor_v1<!vhlo.ui16_v1>,
    %a28: !vhlo.tensor_v1<!vhlo.ui32_v1>, %a29: !vhlo.tensor_v1<!vhlo.ui64_v1>,
    %a30: !vhlo.token_v1, %a31: !vhlo.tuple_v1<!vhlo.token_v1, !vhlo.tensor_v1<!vhlo.f32_v1>>,
    %a32: !vhlo.tensor_v1<!vhlo.complex_v1<!vhlo.f64_v1>>, %a33: !vhlo.unranked_tensor_v1<!vhlo.f32_v1>,
    %a34: !vhlo.tensor_v1<?x4x!vhlo.f32_v1, #vhlo.type_extensions_v1<bounds = [16, ?]>>,
    %a35: !vhlo.tensor_v1<2x!vhlo.quant_v1<!vhlo.i8_v1:!vhlo.f32_v1, 3.400000e+00:-2, -128:127, 1>>,
    %a36: !vhlo.tensor_v1<2x!vhlo.quant_per_axis_v1<!vhlo.i8_v1:!vhlo.f32_v1, 0, [1.000000e-01, 2.000000e-01], [-1, 3], -128:127, 1>>,
    %a37: !vhlo.future_v1<!vhlo.tensor_v1<!vhlo.f32_v1>>, %a38: !vhlo.buffer_v1<4x!vhlo.f32_v1>,
    %a39: !vhlo.tensor_v1<!vhlo.none_v1>, %a40: !vhlo.witness_v1) -> (!vhlo.tensor_v1<!vhlo.f32_v1>) {
  %0 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<[true, false, true]> : tensor<3xi1>>}> : () -> !vhlo.tensor_v1<3x!vhlo.bool_v1>
  %1 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<true> : tensor<2x2xi1>>}> : () -> !vhlo.tensor_v1<2x2x!vhlo.bool_v1>
  %2 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<[1, -2]> : tensor<2xi4>>}> : () -> !vhlo.tensor_v1<2x!vhlo.i4_v1>
  %3 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<[(1.0, -1.0)]> : tensor<1xcomplex<f32>>>}> : () -> !vhlo.tensor_v1<1x!vhlo.complex_v1<!vhlo.f32_v1>>
  %4 = "vhlo.compare_v1"(%a3, %a3) <{compare_type = #vhlo<comparison_type_v1 TOTALORDER>, comparison_direction = #vhlo<comparison_direction_v1 NE>}> : (!vhlo.tensor_v1<!vhlo.f32_v1>, !vhlo.tensor_v1<!vhlo.f32_v1>) -> !vhlo.tensor_v1<!vhlo.bool_v1>
  %5 = "vhlo.custom_call_v1"(%a3) <{api_version = #vhlo<api_version_v1 API_VERSION_TYPED_FFI>, backend_config = #vhlo.dict_v1<{#vhlo.string_v1<"k"> = #vhlo.float_v1<2.500000e+00 : !vhlo.bf16_v1>, #vhlo.string_v1<"n"> = #vhlo.integer_v1<-7 : i16>, #vhlo.string_v1<"u"> = #vhlo.integer_v1<200 : ui8>, #vhlo.string_v1<"x"> = #vhlo.integer_v1<3 : index>}>, call_target_name = #vhlo.string_v1<"foo">, called_computations = #vhlo.array_v1<[]>, has_side_effect = #vhlo.bool_v1<true>, operand_layouts = #vhlo.array_v1<[]>, output_operand_aliases = #vhlo.array_v1<[#vhlo.output_operand_alias_v1<outputTupleIndices = [0, 1], operandIndex = 0, operandTupleIndices = []>]>, result_layouts = #vhlo.array_v1<[]>}> : (!vhlo.tensor_v1<!vhlo.f32_v1>) -> !vhlo.tensor_v1<!vhlo.f32_v1>
  %6 = "vhlo.fft_v1"(%a32) <{fft_length = #vhlo.tensor_v1<dense<4> : tensor<1xi64>>, fft_type = #vhlo<fft_type_v1 IRFFT>}> : (!vhlo.tensor_v1<!vhlo.complex_v1<!vhlo.f64_v1>>) -> !vhlo.tensor_v1<!vhlo.f64_v1>
  %7 = "vhlo.rng_v1"(%a3, %a3, %a23) <{rng_distribution = #vhlo<rng_distribution_v1 NORMAL>}> : (!vhlo.tensor_v1<!vhlo.f32_v1>, !vhlo.tensor_v1<!vhlo.f32_v1>, !vhlo.tensor_v1<!vhlo.i64_v1>) -> !vhlo.tensor_v1<!vhlo.f32_v1>
  %8 = "vhlo.rng_v1"(%a3, %a3, %a23) <{rng_distribution = #vhlo<rng_distribution_v1 UNIFORM>}> : (!vhlo.tensor_v1<!vhlo.f32_v1>, !vhlo.tensor_v1<!vhlo.f32_v1>, !vhlo.tensor_v1<!vhlo.i64_v1>) -> !vhlo.tensor_v1<!vhlo.f32_v1>
  %9:2 = "vhlo.rng_bit_generator_v1"(%a29) <{rng_algorithm = #vhlo<rng_algorithm_v1 THREE_FRY>}> : (!vhlo.tensor_v1<!vhlo.ui64_v1>) -> (!vhlo.tensor_v1<!vhlo.ui64_v1>, !vhlo.tensor_v1<!vhlo.ui32_v1>)
  %10 = "vhlo.triangular_solve_v1"(%a3, %a3) <{left_side = #vhlo.bool_v1<true>, lower = #vhlo.bool_v1<false>, transpose_a = #vhlo<transpose_v1 ADJOINT>, unit_diagonal = #vhlo.bool_v1<true>}> : (!vhlo.tensor_v1<!vhlo.f32_v1>, !vhlo.tensor_v1<!vhlo.f32_v1>) -> !vhlo.tensor_v1<!vhlo.f32_v1>
  %11 = "vhlo.exponential_v2"(%a3) <{result_accuracy = #vhlo.result_accuracy_v1<atol = 1.000000e-05, rtol = 0.000000e+00, ulps = 2, mode = #vhlo<result_accuracy_mode_v1 TOLERANCE>>}> : (!vhlo.tensor_v1<!vhlo.f32_v1>) -> !vhlo.tensor_v1<!vhlo.f32_v1>
  %12 = "vhlo.dot_v1"(%a3, %a3) <{precision_config = #vhlo.array_v1<[#vhlo<precision_v1 DEFAULT>, #vhlo<precision_v1 HIGH>]>}> : (!vhlo.tensor_v1<!vhlo.f32_v1>, !vhlo.tensor_v1<!vhlo.f32_v1>) -> !vhlo.tensor_v1<!vhlo.f32_v1>
  %13 = "vhlo.all_reduce_v2"(%a3) <{channel_id = #vhlo.integer_v1<0 : i64>, replica_groups = #vhlo.replica_group_mesh_axes_v1<mesh = #vhlo.mesh_v1<axes = #vhlo.array_v1<[#vhlo.mesh_axis_v1<name = #vhlo.string_v1<"x">, size = 4>]>>, axes = #vhlo.array_v1<[#vhlo.axis_ref_v1<name = #vhlo.string_v1<"x">, sub_axis_info = #vhlo.sub_axis_info_v1<pre_size = 1, size = 2>>, #vhlo.axis_ref_v1<name = #vhlo.string_v1<"x">>]>>, use_global_device_ids = #vhlo.bool_v1<false>}> ({
  ^bb0(%b0: !vhlo.tensor_v1<!vhlo.f32_v1>, %b1: !vhlo.tensor_v1<!vhlo.f32_v1>):
    "vhlo.return_v1"(%b0) : (!vhlo.tensor_v1<!vhlo.f32_v1>) -> ()
  }) : (!vhlo.tensor_v1<!vhlo.f32_v1>) -> !vhlo.tensor_v1<!vhlo.f32_v1>
  %14 = "vhlo.get_tuple_element_v1"(%a31) <{index = #vhlo.integer_v1<1 : i32>}> : (!vhlo.tuple_v1<!vhlo.token_v1, !vhlo.tensor_v1<!vhlo.f32_v1>>) -> !vhlo.tensor_v1<!vhlo.f32_v1>
  %15 = "vhlo.custom_call_v1"(%a3) <{api_version = #vhlo<api_version_v1 API_VERSION_ORIGINAL>, backend_config = #vhlo.string_v1<"">, call_target_name = #vhlo.string_v1<"bar">, called_computations = #vhlo.array_v1<[#vhlo.string_v1<"types">]>, has_side_effect = #vhlo.bool_v1<false>, operand_layouts = #vhlo.array_v1<[#vhlo.tensor_v1<dense<> : tensor<0xindex>>]>, output_operand_aliases = #vhlo.array_v1<[]>, result_layouts = #vhlo.array_v1<[#vhlo.type_v1<!vhlo.witness_v1>]>}> : (!vhlo.tensor_v1<!vhlo.f32_v1>) -> !vhlo.tensor_v1<!vhlo.f32_v1>
  "vhlo.return_v1"(%a3) : (!vhlo.tensor_v1<!vhlo.f32_v1>) -> ()
} {arg_attrs = #vhlo.array_v1<[]>, res_attrs = #vhlo.array_v1<[]>, sym_visibility = #vhlo.string_v1<"">}
