"builtin.module"() ({
  "foo.am"() {o = affine_map<(d0)[s0] -> (d0 + s0, d0 * 2, d0 floordiv 4, d0 ceildiv 2, d0 mod 3)>, z = affine_map<() -> ()>, id = affine_map<(d0, d1) -> (d0, d1)>, perm = affine_map<(d0, d1) -> (d1, d0)>, c = affine_map<(d0) -> (0)>, n = affine_map<(d0, d1)[s0, s1] -> (d0 - d1 * 3 + s1 - 7, -d0)>} : () -> ()
  "foo.am2"() {again = affine_map<(d0, d1) -> (d1, d0)>, list = [affine_map<(d0) -> (d0 + 1)>, affine_map<(d0) -> (d0 + 1)>]} : () -> memref<4x4xf32, affine_map<(d0, d1) -> (d1, d0)>>
}) : () -> ()
