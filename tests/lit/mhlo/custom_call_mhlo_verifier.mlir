// RUN: sdy_opt -split-input-file -allow-unregistered-dialect -verify-diagnostics %s
// mhlo.custom_call is verified as MHLO's CustomCallOp::verify does
// (openxla/xla xla/mlir_hlo/mhlo/IR/hlo_ops.cc), not StableHLO's: its
// backend_config check rejects only a dictionary for the older API versions
// and a string for API_VERSION_TYPED_FFI, with MHLO's messages; and
// StableHLO's known custom calls (CreateBuffer, Pin, Unpin) are not MHLO's.

func.func @dictionary_config_for_original(%a: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @below {{'mhlo.custom_call' op unsupported dictionary attribute backend config, backend config must be a user-encoded string attribute.}}
  %0 = mhlo.custom_call @foo(%a) {backend_config = {x = 1 : i32}} : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @string_config_for_typed_ffi(%a: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @below {{'mhlo.custom_call' op unsupported user-encoded backend config, backend config must be a dictionary attribute.}}
  %0 = mhlo.custom_call @foo(%a) {api_version = 4 : i32, backend_config = "x"} : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @valid_configs(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = mhlo.custom_call @foo(%a) {api_version = 4 : i32, backend_config = {x = 1 : i32}} : (tensor<2xf32>) -> tensor<2xf32>
  %1 = mhlo.custom_call @foo(%0) {api_version = 0 : i32, backend_config = "x"} : (tensor<2xf32>) -> tensor<2xf32>
  %2 = mhlo.custom_call @foo(%1) {api_version = 3 : i32, backend_config = ""} : (tensor<2xf32>) -> tensor<2xf32>
  return %2 : tensor<2xf32>
}

// -----

func.func @known_targets(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = mhlo.custom_call @CreateBuffer(%a) : (tensor<2xf32>) -> tensor<2xf32>
  %1 = mhlo.custom_call @Pin(%0, %a) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  %2 = mhlo.custom_call @Unpin(%1) : (tensor<2xf32>) -> tensor<2xf32>
  return %2 : tensor<2xf32>
}
