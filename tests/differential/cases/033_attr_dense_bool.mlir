"builtin.module"() ({
  "foo.db"() {d = dense<[true, false]> : tensor<2xi1>, j = dense<[[true, true]]> : tensor<1x2xi1>, k = dense<false> : tensor<3xi1>, l = dense<true> : tensor<i1>, m = dense<[[true, false, true], [false, true, false]]> : tensor<2x3xi1>, n = dense<[false, false, false, false]> : vector<4xi1>, o = dense<[1, 0]> : tensor<2xi1>} : () -> ()
}) : () -> ()
