// ERROR: 2:127: duplicate key 'k9' in dictionary attribute
"foo.op"() {k0 = {a, b, c, d, e, f, g, h, i, j, k, l, m}, k1 = 1, k2 = 2, k3 = 3, k4 = 4, k5 = 5, k6 = 6, k7 = 7, k8 = 8, k9, k9} : () -> ()
