/* Unit tests of the HloSharding text parser and printer
 * (dialect/mhlo/hlo_sharding.h): every form round-trips to XLA's
 * canonical text, iota device orders, and located errors on bad input. */
#include <string.h>

#include "check.h"

#include "dialect/mhlo/hlo_sharding.h"

/* Parses `in` and checks that it prints as `want`. */
static void roundtrip(const char *in, const char *want) {
  sharc_hlo_sharding s;
  const char *err = NULL;
  size_t at = 0;
  bool ok = sharc_hlo_sharding_parse(sharc_str_from_cstr(in), &s, &err, &at);
  CHECK(ok);
  if (ok) {
    sharc_buf b = {0};
    sharc_hlo_sharding_print(&s, &b);
    CHECK(b.data && strcmp(b.data, want) == 0);
    sharc_buf_free(&b);
  }
  sharc_hlo_sharding_free(&s);
}

/* Checks that `in` is refused at byte `offset`. */
static void refused(const char *in, size_t offset) {
  sharc_hlo_sharding s;
  const char *err = NULL;
  size_t at = 0;
  CHECK(!sharc_hlo_sharding_parse(sharc_str_from_cstr(in), &s, &err, &at));
  CHECK(err != NULL);
  CHECK(at == offset);
  sharc_hlo_sharding_free(&s);
}

static void test_forms(void) {
  roundtrip("{replicated}", "{replicated}");
  roundtrip(" { manual } ", "{manual}");
  roundtrip("{unknown}", "{unknown}");
  roundtrip("{maximal device=3}", "{maximal device=3}");
  roundtrip("{devices=[4,8]<=[8,4]T(1,0)}", "{devices=[4,8]<=[8,4]T(1,0)}");
  roundtrip("{devices=[2,2]<=[4]T(0)}", "{devices=[2,2]<=[4]}");
  roundtrip("{devices=[1,2,16]<=[32] last_tile_dim_replicate}",
            "{devices=[1,2,16]<=[32] last_tile_dim_replicate}");
  roundtrip("{devices=[2,2,2]<=[8] last_tile_dims={manual, replicated}}",
            "{devices=[2,2,2]<=[8] last_tile_dims={manual, replicated}}");
  roundtrip("{devices=[2,2]0,2,1,3}", "{devices=[2,2]0,2,1,3}");
  roundtrip("{{replicated}, {maximal device=0}, {devices=[2]<=[2]}}",
            "{{replicated}, {maximal device=0}, {devices=[2]<=[2]}}");
  roundtrip("{}", "{}");
  roundtrip("{devices=[2]<=[2] metadata={op_name=\"a}b\" source_file=\"x\"}}",
            "{devices=[2]<=[2]}");
}

static void test_devices(void) {
  sharc_hlo_sharding s;
  const char *err;
  size_t at;
  CHECK(sharc_hlo_sharding_parse(sharc_str_from_cstr("{devices=[2,3]<=[3,2]T(1,0)}"), &s, &err,
                                 &at));
  /* iota(6) reshaped to 3x2, transposed to 2x3: 0 2 4 / 1 3 5 */
  int64_t want[6] = {0, 2, 4, 1, 3, 5};
  CHECK(sharc_hlo_sharding_num_tiles(&s) == 6);
  for (int64_t i = 0; i < 6; i++)
    CHECK(sharc_hlo_sharding_device_at(&s, i) == want[i]);
  sharc_hlo_sharding_free(&s);
  CHECK(sharc_hlo_sharding_parse(sharc_str_from_cstr("{devices=[2,2]0,1,2,3}"), &s, &err, &at));
  CHECK(sharc_hlo_sharding_make_iota(&s) && s.iota && s.nreshape == 1 && s.reshape[0] == 4);
  sharc_hlo_sharding_free(&s);
  CHECK(sharc_hlo_sharding_parse(sharc_str_from_cstr("{devices=[2,2]0,2,1,3}"), &s, &err, &at));
  CHECK(!sharc_hlo_sharding_make_iota(&s) && !s.iota);
  sharc_hlo_sharding_free(&s);
}

static void test_errors(void) {
  refused("", 0);
  refused("replicated", 0);
  refused("{replicated", 11);
  refused("{bogus}", 1);
  refused("{maximal}", 8);
  refused("{devices=[2,2]<=[3]}", 19);
  refused("{devices=[2,2]<=[4]T(0,0)}", 22);
  refused("{devices=[2,2]<=[2,2]T(0,0)}", 25);
  refused("{devices=[2,2]0,1,2}", 19);
  refused("{devices=[2,2]0,1,2,3,4}", 21);
  refused("{devices=[0]<=[1]}", 10);
  refused("{devices=[2]<=[2] last_tile_dim_replicate last_tile_dims={manual}}", 65);
  refused("{replicated} x", 13);
  refused("{devices=[99999999999999999999]<=[1]}", 10);
  char deep[200];
  memset(deep, '{', sizeof deep - 1);
  deep[sizeof deep - 1] = 0;
  sharc_hlo_sharding s;
  const char *err;
  size_t at;
  CHECK(!sharc_hlo_sharding_parse(sharc_str_from_cstr(deep), &s, &err, &at));
  sharc_hlo_sharding_free(&s);
}

int main(void) {
  test_forms();
  test_devices();
  test_errors();
  return check_summary("hlo_sharding");
}
