#map = {a = 1 : i64}
#my_attr = [1, 2, 3]
#loc_user = loc("aliased_loc":1:1)
!ty = tensor<4xf32>
!big = tensor<1x2x3x4x5x6x7x8x9x10x11x12x13x14x15x16xf32>
#aff = affine_map<(d0) -> (d0 * 3)>
"builtin.module"() ({
  %0 = "foo.a"() {x = #map, y = #map, t = !ty, z = #my_attr, w = #aff} : () -> !ty
  %1 = "foo.b"(%0) {t2 = !big} : (!ty) -> !big loc(#loc_user)
}) : () -> ()
