// RUN: sdy_opt --allow-unregistered-dialect %s | FileCheck %s

// Dictionaries with more keys than the parser's duplicate check scans one by
// one (it switches to a set): every key kept, sorted, nested ones too.

// CHECK: "a.b"() {k0 = 0 : i64, k1 = 1 : i64, k10 = 10 : i64, k11, k2 = 2 : i64, k3 = 3 : i64, k4 = 4 : i64, k5 = {p, q, r, s, t, u, v, w, x, y, z}, k6 = 6 : i64, k7 = 7 : i64, k8 = 8 : i64, k9 = 9 : i64} : () -> ()
"a.b"() {k9 = 9, k1 = 1, k11, k0 = 0, k5 = {z, y, x, w, v, u, t, s, r, q, p}, k3 = 3, k10 = 10, k2 = 2, k7 = 7, k4 = 4, k6 = 6, k8 = 8} : () -> ()
