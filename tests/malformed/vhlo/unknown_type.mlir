// ERROR: 3:30: unknown vhlo type: nope_v1
// A VHLO type that does not exist.
"vhlo.constant_v1"() : () -> !vhlo.nope_v1
