// ERROR: 3:47: invalid comparison_direction_v1 value: XX
// An enum case VHLO does not have.
"foo.op"() {a = #vhlo<comparison_direction_v1 XX>} : () -> ()
