// RUN: sdy_opt --allow-unregistered-dialect %s | FileCheck %s
// RUN: sdy_opt --allow-unregistered-dialect %s | sdy_opt --allow-unregistered-dialect | FileCheck %s

// CHECK: "a.b"() {a = 1 : i64, b = -1 : i8, c = 255 : ui8, d = true, e = 1.500000e+00 : f32, f = "q\22\0A", g = [1, 2.000000e+00, unit], h = array<i64: 1, -2>, i = dense<1> : tensor<2xi32>, k = @s::@t, l = tensor<?x4xf32>, m, n = {x = 1 : i64}} : () -> ()
"a.b"() {n = {x = 1}, m, l = tensor<?x4xf32>, k = @s::@t, i = dense<[1, 1]> : tensor<2xi32>, h = array<i64: 1, -2>, g = [1, 2.0, unit], f = "q\"\n", e = 1.5 : f32, d = 1 : i1, c = 255 : ui8, b = 255 : i8, a = 1} : () -> ()
