// ERROR: 2:49: expected one of: `lhs_batching_dimensions`, `rhs_batching_dimensions`, `lhs_contracting_dimensions`, `rhs_contracting_dimensions`, `lhs_ragged_dimensions`, `rhs_group_dimensions`
func.func @f() attributes {x = #chlo.ragged_dot<foo = [1]>} {
  return
}
