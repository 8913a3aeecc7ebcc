"builtin.module"() ({
  %0:8 = "foo.tv"() : () -> (vector<4xf32>, vector<[4]xf32>, vector<2x[4]xf32>, vector<[2]x[4]xi8>, vector<1x2x3xindex>, vector<f32>, vector<16xi1>, vector<2x2xbf16>)
}) : () -> ()
