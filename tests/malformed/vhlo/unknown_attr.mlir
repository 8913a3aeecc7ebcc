// ERROR: 3:29: unknown attribute `foo_v1` in dialect `vhlo`
// An attribute VHLO does not have.
"foo.op"() {a = #vhlo.foo_v1<1>} : () -> ()
