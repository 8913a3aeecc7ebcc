// ERROR: 2:103: duplicate key 'k3' in dictionary attribute
"foo.op"() {k0 = 0, k1 = 1, k2 = 2, k3 = 3, k4 = 4, k5 = 5, k6 = 6, k7 = 7, k8 = 8, k9 = 9, k10 = 10, k3 = 11, k12} : () -> ()
