// The mesh product of an MPMD topology is checked as an sdy mesh's.
// RUN: mpmd_opt -verify-diagnostics %s

// expected-error @+1 {{total product of axis sizes overflows int64 at axis "y"}}
func.func @f() attributes {topology = #mpmd.topology<<"m1" : <["x"=3, "y"=3074457345618258603]>>>} {
  return
}
