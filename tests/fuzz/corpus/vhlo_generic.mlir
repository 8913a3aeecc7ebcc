// VHLO in the generic form (seed for the VHLO parser and passes).
"vhlo.func_v1"() <{arg_attrs = #vhlo.array_v1<[]>, function_type = #vhlo.type_v1<!vhlo.func_v1<(!vhlo.tensor_v1<4x?x!vhlo.f32_v1, #vhlo.type_extensions_v1<bounds = [?, 16]>>) -> !vhlo.tensor_v1<!vhlo.f32_v1>>>, res_attrs = #vhlo.array_v1<[]>, sym_name = #vhlo.string_v1<"main">, sym_visibility = #vhlo.string_v1<"">}> ({
^bb0(%arg0: !vhlo.tensor_v1<4x?x!vhlo.f32_v1, #vhlo.type_extensions_v1<bounds = [?, 16]>>):
  %0 = "vhlo.constant_v1"() <{value = #vhlo.tensor_v1<dense<1.0> : tensor<f32>>}> : () -> !vhlo.tensor_v1<!vhlo.f32_v1>
  %1 = "vhlo.compare_v1"(%0, %0) <{compare_type = #vhlo<comparison_type_v1 NOTYPE>, comparison_direction = #vhlo<comparison_direction_v1 EQ>}> : (!vhlo.tensor_v1<!vhlo.f32_v1>, !vhlo.tensor_v1<!vhlo.f32_v1>) -> !vhlo.tensor_v1<!vhlo.bool_v1>
  %2 = "vhlo.cosine_v2"(%0) <{result_accuracy = #vhlo.result_accuracy_v1<atol = 0.000000e+00, rtol = 0.000000e+00, ulps = 0, mode = #vhlo<result_accuracy_mode_v1 DEFAULT>>}> : (!vhlo.tensor_v1<!vhlo.f32_v1>) -> !vhlo.tensor_v1<!vhlo.f32_v1>
  %3 = "vhlo.batch_norm_inference_v1"(%0, %0, %0, %0, %0) <{epsilon = #vhlo.float_v1<1.000000e-03 : !vhlo.f32_v1>, feature_index = #vhlo.integer_v1<1 : i64>, x = #vhlo.dict_v1<{#vhlo.string_v1<"a"> = #vhlo.bool_v1<true>}>}> : (!vhlo.tensor_v1<!vhlo.f32_v1>, !vhlo.tensor_v1<!vhlo.f32_v1>, !vhlo.tensor_v1<!vhlo.f32_v1>, !vhlo.tensor_v1<!vhlo.f32_v1>, !vhlo.tensor_v1<!vhlo.f32_v1>) -> !vhlo.tensor_v1<!vhlo.f32_v1>
  "vhlo.return_v1"(%0) : (!vhlo.tensor_v1<!vhlo.f32_v1>) -> ()
}) : () -> ()
