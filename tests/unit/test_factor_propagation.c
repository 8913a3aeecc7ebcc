/* Unit tests of the basic and aggressive factor propagation strategies on
 * hand-made projections: compatible major axes, conflicts within and across
 * factors, replicated and overflow axes, sub-axes, divisibility of
 * non-minor-most factors, per-factor directions, conservative propagation,
 * a strategy overriding one of the basic steps, and the aggressive
 * strategy's conflict resolution (source tensor size, then source tensor
 * index, then factor index).
 *
 * A tensor is written as space-separated entries, `F[c][m]=axes[/overflow]`
 * for factor F (c: closed, m: minor-most; axes comma-separated, `x` or
 * `x:(pre)size`), `r=axes` for replicated and `u=axes` for unreduced axes. */
#include "check.h"

#include "sharc/asm.h"
#include "sharc/sdy.h"
#include "transforms/sdy/propagation/aggressive_factor_propagation.h"
#include "transforms/sdy/propagation/basic_factor_propagation.h"

#include <stdlib.h>

static sharc_context *ctx;

/* ---- building and printing projections ---------------------------------- */

static sharc_attr *axis(const char *text, size_t len) {
  const char *colon = memchr(text, ':', len);
  if (!colon)
    return sharc_sdy_axis_ref_get(ctx, (sharc_str){text, len}, NULL);
  long long pre = 0, size = 0;
  sscanf(colon + 1, "(%lld)%lld", &pre, &size);
  return sharc_sdy_axis_ref_get(ctx, (sharc_str){text, (size_t)(colon - text)},
                                sharc_sdy_sub_axis_info_get(ctx, pre, size));
}

/* Appends the comma-separated axes of text[0..len) to `v`. */
static void parse_axes(const char *text, size_t len, sharc_sdy_axis_vec *v) {
  size_t start = 0;
  for (size_t i = 0; i <= len; i++) {
    if (i < len && text[i] != ',')
      continue;
    if (i > start)
      sharc_vec_push(v, axis(text + start, i - start));
    start = i + 1;
  }
}

static void parse_entry(sharc_tensor_factors *t, const char *text, size_t len) {
  const char *eq = memchr(text, '=', len);
  const char *axes = eq + 1;
  size_t axes_len = len - (size_t)(axes - text);
  if (text[0] == 'r' || text[0] == 'u') {
    parse_axes(axes, axes_len, text[0] == 'r' ? &t->replicated : &t->unreduced);
    return;
  }
  sharc_factor_sharding *fs = &t->factors[atoi(text)];
  fs->present = true;
  for (const char *c = text; c < eq; c++) {
    fs->is_closed |= *c == 'c';
    fs->is_minor_most |= *c == 'm';
  }
  const char *slash = memchr(axes, '/', axes_len);
  size_t main_len = slash ? (size_t)(slash - axes) : axes_len;
  parse_axes(axes, main_len, &fs->axes);
  if (slash)
    parse_axes(slash + 1, axes_len - main_len - 1, &fs->overflow);
}

/* A projection of `n_ops` operands then results, `n_factors` factors. */
static sharc_projection make(unsigned n_ops, unsigned n_res, unsigned n_factors,
                             const char *const *tensors) {
  sharc_projection p;
  memset(&p, 0, sizeof p);
  p.ctx = ctx;
  p.num_operands = n_ops;
  p.num_results = n_res;
  p.num_factors = n_factors;
  sharc_projection_alloc_tensors(&p);
  for (unsigned t = 0; t < n_ops + n_res; t++) {
    const char *s = tensors[t];
    while (*s) {
      while (*s == ' ')
        s++;
      size_t len = strcspn(s, " ");
      if (len)
        parse_entry(&p.tensors[t], s, len);
      s += len;
    }
  }
  return p;
}

static void put_axes(sharc_buf *b, const sharc_sdy_axis_vec *v) {
  for (unsigned i = 0; i < v->len; i++) {
    if (i)
      sharc_buf_puts(b, ",");
    sharc_sdy_axis_ref_to_string(v->items[i], b);
  }
}

/* The tensor in the notation above, entries in factor order. */
static char *describe(const sharc_projection *p, unsigned t) {
  sharc_buf b = {0};
  const sharc_tensor_factors *tf = &p->tensors[t];
  for (unsigned f = 0; f < p->num_factors; f++) {
    const sharc_factor_sharding *fs = &tf->factors[f];
    if (!fs->present)
      continue;
    if (b.len)
      sharc_buf_puts(&b, " ");
    sharc_buf_printf(&b, "%u%s%s=", f, fs->is_closed ? "c" : "", fs->is_minor_most ? "m" : "");
    put_axes(&b, &fs->axes);
    if (fs->overflow.len) {
      sharc_buf_puts(&b, "/");
      put_axes(&b, &fs->overflow);
    }
  }
  if (tf->replicated.len) {
    sharc_buf_puts(&b, b.len ? " r=" : "r=");
    put_axes(&b, &tf->replicated);
  }
  if (tf->unreduced.len) {
    sharc_buf_puts(&b, b.len ? " u=" : "u=");
    put_axes(&b, &tf->unreduced);
  }
  if (!b.data) {
    char *empty = malloc(1);
    empty[0] = 0;
    return empty;
  }
  return b.data;
}

/* The axis refs print as `"a"` and `"a":(1)2`; the notation drops quotes. */
static void check_tensor(const sharc_projection *p, unsigned t, const char *want) {
  char *got = describe(p, t);
  char *w = got;
  for (char *r = got; *r; r++)
    if (*r != '"')
      *w++ = *r;
  *w = 0;
  CHECK_STR(got, want);
  free(got);
}

static void check_all(const sharc_projection *p, const char *const *want) {
  for (unsigned t = 0; t < p->num_operands + p->num_results; t++)
    check_tensor(p, t, want[t]);
}

/* The indices of the updated tensors, as "0,2". */
static void check_updated(const bool *updated, unsigned first, unsigned n, const char *want) {
  char got[64] = "";
  for (unsigned i = 0; i < n; i++)
    if (updated[first + i])
      snprintf(got + strlen(got), sizeof got - strlen(got), "%s%u", got[0] ? "," : "", i);
  CHECK_STR(got, want);
}

/* ---- running the strategy ------------------------------------------------ */

static sharc_sdy_propagation_direction both(void *user, unsigned factor) {
  (void)user;
  (void)factor;
  return SHARC_SDY_PROPAGATION_BOTH;
}

/* Directions from a string, one letter per factor: B, F, K (backward), N. */
static sharc_sdy_propagation_direction from_string(void *user, unsigned factor) {
  switch (((const char *)user)[factor]) {
  case 'B':
    return SHARC_SDY_PROPAGATION_BOTH;
  case 'F':
    return SHARC_SDY_PROPAGATION_FORWARD;
  case 'K':
    return SHARC_SDY_PROPAGATION_BACKWARD;
  default:
    return SHARC_SDY_PROPAGATION_NONE;
  }
}

typedef struct run_args {
  const int64_t *sizes; /* NULL: every factor of size 1 */
  const char *directions; /* NULL: BOTH everywhere */
  const sharc_attr *mesh;
  bool conservative;
  const sharc_factor_propagation *strategy; /* NULL: the basic one */
} run_args;

static bool *run(sharc_projection *p, const run_args *a) {
  sharc_basic_factor_propagation basic;
  sharc_basic_factor_propagation_init(&basic);
  const sharc_factor_propagation *fp = a->strategy ? a->strategy : &basic.base;
  int64_t ones[16];
  for (unsigned i = 0; i < 16; i++)
    ones[i] = 1;
  bool *updated = calloc(p->num_operands + p->num_results, sizeof *updated);
  sharc_factor_propagate(fp, p, a->directions ? from_string : both, (void *)a->directions,
                         a->sizes ? a->sizes : ones, p->num_factors, a->mesh, a->conservative,
                         NULL, updated);
  return updated;
}

/* ---- the cases of Shardy's basic_factor_propagation_test ----------------- */

static void test_full_axes_conflicts_only_for_same_factor(void) {
  const char *in[] = {"0=a 3=h", "0= 2=g 3=i", "1=e", "0=a,b,c 1=e,f", "0=a,b,d 2= 3=i,j"};
  sharc_projection p = make(3, 2, 4, in);
  run_args a = {0};
  bool *updated = run(&p, &a);
  /* factor 0 takes ["a","b"], 1 ["e","f"], 2 ["g"], 3 nothing */
  const char *want[] = {"0=a,b 3=h", "0=a,b 2=g 3=i", "1=e,f", "0=a,b,c 1=e,f",
                        "0=a,b,d 2=g 3=i,j"};
  check_all(&p, want);
  check_updated(updated, 0, 3, "0,1,2");
  check_updated(updated, 3, 2, "1");
  free(updated);
  sharc_projection_free(&p);
}

static void test_sub_axes_conflicts_only_for_same_factor(void) {
  const char *in[] = {
      "0=a,b 1=c:(2)2,d 4=j:(1)4 5=k:(1)8",
      "0= 1=c:(2)4 3=g,h:(1)8 5c=k:(1)4",
      "0=a:(1)2 2=e:(2)4,f:(4)2 3=g,h:(1)4,i 5=k:(1)2",
      "1=c:(2)4,d 2=e:(2)4,f:(4)8 4=j:(2)4 5=",
  };
  sharc_projection p = make(2, 2, 6, in);
  run_args a = {0};
  bool *updated = run(&p, &a);
  const char *want[] = {
      "0=a,b 1=c:(2)2,d 4=j:(1)4 5=k:(1)8",
      "0=a,b 1=c:(2)4 3=g,h:(1)8 5c=k:(1)4",
      "0=a,b 2=e:(2)4,f:(4)8 3=g,h:(1)4,i 5=k:(1)4",
      "1=c:(2)4,d 2=e:(2)4,f:(4)8 4=j:(2)4 5=k:(1)4",
  };
  check_all(&p, want);
  check_updated(updated, 0, 2, "1");
  check_updated(updated, 2, 2, "0,1");
  free(updated);
  sharc_projection_free(&p);
}

static void test_conflicts_between_factors_and_replicated(void) {
  const char *in[] = {
      "0=a 3=h:(1)2,i",
      "1=b 2c=f r=h:(1)2",
      "0= 4=j:(1)8,k:(2)4",
      "0=a,b,c,d 3= r=h:(2)4,i:(2)2",
      "0=a,b,c,e 2c=f,g",
      "4=j:(1)4 5=k:(1)4",
  };
  sharc_projection p = make(3, 3, 6, in);
  run_args a = {0};
  bool *updated = run(&p, &a);
  const char *want[] = {
      "0=a 3=h:(1)2,i",
      "1=b 2c=f r=h:(1)2",
      "0=a 4=j:(1)8,k:(2)4",
      "0=a,b,c,d 3=h:(1)2,i:(1)2 r=h:(2)4,i:(2)2",
      "0=a,b,c,e 2c=f,g",
      "4=j:(1)8 5=k:(1)4",
  };
  check_all(&p, want);
  check_updated(updated, 0, 3, "2");
  check_updated(updated, 3, 3, "0,2");
  free(updated);
  sharc_projection_free(&p);
}

static void test_conflicts_with_overflow_axes(void) {
  const char *in[] = {"0=a,b 1=c", "0= 1=/b:(1)2"};
  sharc_projection p = make(1, 1, 2, in);
  run_args a = {0};
  bool *updated = run(&p, &a);
  const char *want[] = {"0=a,b 1=c", "0=a 1=/b:(1)2"};
  check_all(&p, want);
  check_updated(updated, 0, 1, "");
  check_updated(updated, 1, 1, "0");
  free(updated);
  sharc_projection_free(&p);
}

static sharc_attr *mesh_of(const char *text) {
  sharc_attr *mesh = sharc_parse_attr_text(ctx, sharc_str_from_cstr(text));
  CHECK(mesh && sharc_sdy_is_mesh(mesh));
  return mesh;
}

static void check_minor_most(const sharc_attr *mesh, int64_t size0, int64_t size1,
                             const char *want_result) {
  const char *in[] = {"0m=a,b 1m=c", "0= 1m="};
  sharc_projection p = make(1, 1, 2, in);
  int64_t sizes[] = {size0, size1};
  run_args a = {.sizes = sizes, .mesh = mesh};
  bool *updated = run(&p, &a);
  check_tensor(&p, 0, "0m=a,b 1m=c");
  check_tensor(&p, 1, want_result);
  check_updated(updated, 0, 1, "");
  check_updated(updated, 1, 1, "0");
  free(updated);
  sharc_projection_free(&p);
}

static void test_minor_most_factor_not_divisible(void) {
  sharc_attr *mesh = mesh_of("#sdy.mesh<[\"a\"=3, \"b\"=3, \"c\"=3]>");
  /* 9 is divisible by the size of ["a","b"] */
  check_minor_most(mesh, 9, 4, "0=a,b 1m=c");
  /* 6 is divisible by the size of ["a"] only */
  check_minor_most(mesh, 6, 19, "0=a 1m=c");
  /* 4 is not divisible by 3; the minor-most factor 1 takes "c" anyway */
  check_minor_most(mesh, 4, 1, "0= 1m=c");
}

static void test_non_minor_most_takes_sub_axis(void) {
  /* a non-minor-most factor of size 2 takes the (1)2 part of "a"=4 */
  sharc_attr *mesh = mesh_of("#sdy.mesh<[\"a\"=4, \"b\"=2]>");
  const char *in[] = {"0m=a", "0="};
  sharc_projection p = make(1, 1, 1, in);
  int64_t sizes[] = {2};
  run_args a = {.sizes = sizes, .mesh = mesh};
  bool *updated = run(&p, &a);
  check_tensor(&p, 1, "0=a:(1)2");
  free(updated);
  sharc_projection_free(&p);
  /* ... unless the propagation is conservative */
  p = make(1, 1, 1, in);
  a.conservative = true;
  updated = run(&p, &a);
  check_tensor(&p, 1, "0=");
  check_updated(updated, 0, 2, "");
  free(updated);
  sharc_projection_free(&p);
}

static void test_different_directions_for_different_factors(void) {
  const char *in[] = {
      "0=a 1=b 2=c 3=d 4= 5= 6= 7=",
      "0= 1= 2= 3= 4= 5= 6= 7=",
      "0= 1= 2= 3= 4=e 5=f 6=g 7=h",
      "0= 1= 2= 3= 4= 5= 6= 7=",
  };
  sharc_projection p = make(2, 2, 8, in);
  run_args a = {.directions = "BFKNBFKN"};
  bool *updated = run(&p, &a);
  const char *want[] = {
      "0=a 1=b 2=c 3=d 4=e 5= 6=g 7=",
      "0=a 1=b 2= 3= 4=e 5= 6=g 7=",
      "0=a 1=b 2= 3= 4=e 5=f 6=g 7=h",
      "0=a 1=b 2= 3= 4=e 5= 6=g 7=",
  };
  check_all(&p, want);
  check_updated(updated, 0, 2, "0,1");
  check_updated(updated, 2, 2, "0,1");
  free(updated);
  sharc_projection_free(&p);
}

static void test_uni_directional_propagation_with_conflict(void) {
  const char *in[] = {"0=a,b 1= 2=d", "0=b 1=c,d 2="};
  sharc_projection p = make(1, 1, 3, in);
  run_args a = {.directions = "FKN"};
  bool *updated = run(&p, &a);
  /* factor 0 forward: the result's ["b"] conflicts with ["a","b"]; factor 1
   * backward: ["c","d"] cut at "d", which factor 2 of the operand uses */
  const char *want[] = {"0=a,b 1=c 2=d", "0=b 1=c,d 2="};
  check_all(&p, want);
  check_updated(updated, 0, 1, "0");
  check_updated(updated, 1, 1, "");
  free(updated);
  sharc_projection_free(&p);
}

static void test_conservative_propagation_stops_split_axes(void) {
  const char *in[] = {"0=a,b:(1)2,c 1=b:(2)4", "0= 1="};
  sharc_projection p = make(1, 1, 2, in);
  run_args a = {.conservative = true};
  bool *updated = run(&p, &a);
  const char *want[] = {"0=a,b:(1)2,c 1=b:(2)4", "0=a 1="};
  check_all(&p, want);
  check_updated(updated, 0, 1, "");
  check_updated(updated, 1, 1, "0");
  free(updated);
  sharc_projection_free(&p);
}

/* ---- the steps on their own ------------------------------------------------ */

/* getCompatibleMajorAxes on two tensors with the documented examples. */
static void check_compatible(const char *first, const char *second, char direction,
                             const char *want) {
  sharc_basic_factor_propagation basic;
  sharc_basic_factor_propagation_init(&basic);
  char a[64], b[64];
  snprintf(a, sizeof a, "0=%s", first);
  snprintf(b, sizeof b, "0=%s", second);
  const char *in[] = {a, b};
  sharc_projection p = make(1, 1, 1, in);
  sharc_sdy_axis_vec out = {0};
  basic.get_compatible_major_axes(&basic, &p, 0, from_string((char[]){direction, 0}, 0), &out);
  sharc_buf buf = {0};
  put_axes(&buf, &out);
  char got[128];
  char *w = got;
  for (const char *r = buf.data ? buf.data : ""; *r && w < got + sizeof got - 1; r++)
    if (*r != '"')
      *w++ = *r;
  *w = 0;
  CHECK_STR(got, want);
  sharc_buf_free(&buf);
  sharc_vec_free(&out);
  sharc_projection_free(&p);
}

static void test_compatible_major_axes(void) {
  check_compatible("a,b", "a,c", 'B', "a");
  check_compatible("a", "a,b,c", 'B', "a,b,c");
  check_compatible("a:(1)2", "a:(1)4", 'B', "a:(1)4");
  check_compatible("a:(1)2,b", "a:(1)4", 'B', "a:(1)2");
  check_compatible("a:(1)4", "a:(1)2,b", 'B', "a:(1)2");
  check_compatible("a:(1)2", "a:(2)2", 'B', "");
  /* forward: only operands (the first tensor) extend the axes */
  check_compatible("a", "a,b", 'F', "a");
  check_compatible("a,b", "a", 'F', "a,b");
  check_compatible("a:(1)2", "a:(1)4", 'F', "a:(1)2");
  /* backward: only results extend them */
  check_compatible("a", "a,b", 'K', "a,b");
  check_compatible("a,b", "a", 'K', "a");
  check_compatible("a,b", "", 'N', "");
}

/* A strategy overriding one step: no axis named "x" ever propagates. */
static sharc_attr *no_x_within_factor(const sharc_basic_factor_propagation *self,
                                      sharc_context *c, sharc_attr *axis,
                                      sharc_attr *const *replicated, unsigned num_replicated,
                                      sharc_attr *const *unreduced, unsigned num_unreduced,
                                      const sharc_factor_sharding *fs, int64_t prev,
                                      int64_t factor_size, const sharc_attr *mesh) {
  if (sharc_str_eq_cstr(sharc_sdy_axis_ref_name(axis), "x"))
    return NULL;
  return sharc_bfp_compatible_prefix_no_conflicts_within_factor(
      self, c, axis, replicated, num_replicated, unreduced, num_unreduced, fs, prev,
      factor_size, mesh);
}

static void test_overridden_step(void) {
  sharc_basic_factor_propagation custom;
  sharc_basic_factor_propagation_init(&custom);
  custom.compatible_prefix_no_conflicts_within_factor = no_x_within_factor;
  const char *in[] = {"0=a,x 1=x", "0= 1="};
  sharc_projection p = make(1, 1, 2, in);
  run_args a = {.strategy = &custom.base};
  bool *updated = run(&p, &a);
  const char *want[] = {"0=a,x 1=x", "0=a 1="};
  check_all(&p, want);
  free(updated);
  sharc_projection_free(&p);
}

/* Replicated and unreduced axes only conflict in tensors that have the
 * factor. */
static void test_replicated_only_in_tensors_with_the_factor(void) {
  const char *in[] = {"0=a", "1= r=a u=b", "0= u=c"};
  sharc_projection p = make(2, 1, 2, in);
  run_args a = {0};
  bool *updated = run(&p, &a);
  check_tensor(&p, 2, "0=a u=c");
  check_updated(updated, 0, 3, "2");
  free(updated);
  sharc_projection_free(&p);
  const char *in2[] = {"0=a", "0= u=a"};
  p = make(1, 1, 1, in2);
  updated = run(&p, &a);
  check_tensor(&p, 1, "0= u=a");
  check_updated(updated, 0, 2, "");
  free(updated);
  sharc_projection_free(&p);
}


/* ---- the aggressive strategy: Shardy's aggressive_factor_propagation_test -- */

static sharc_aggressive_factor_propagation aggressive;

/* Runs the aggressive strategy on `in` and checks every tensor and which
 * operands and results changed. */
static void check_aggressive(unsigned n_ops, unsigned n_res, unsigned n_factors,
                             const char *const *in, run_args a, const char *const *want,
                             const char *updated_operands, const char *updated_results) {
  sharc_projection p = make(n_ops, n_res, n_factors, in);
  a.strategy = &aggressive.base.base;
  bool *updated = run(&p, &a);
  check_all(&p, want);
  check_updated(updated, 0, n_ops, updated_operands);
  check_updated(updated, n_ops, n_res, updated_results);
  free(updated);
  sharc_projection_free(&p);
}

/* "a" could go to the result along factor 0 or 1 (a real conflict): factor
 * 0 wins, its source being the first operand (all tensors are as large).
 * The other conflicts are not real: "c", "b", "e", "f", "g" reach the
 * result along factors 3, 5, 7, 8, 9; that "e" cannot go to operand 0
 * along factor 7 does not keep it from the result. */
static void test_aggressive_real_and_fake_conflicts(void) {
  const char *in[] = {"0=a 2=c 4=b 6=e 7= 8=f 10=g", "1=a 2= 3=c 4= 5=b 6= 7=e 9=g 10=f",
                      "0= 1= 2=/d 3= 4c= 5= 6c= 7= 8= 9="};
  const char *want[] = {in[0], in[1], "0=a 1= 2=/d 3=c 4c= 5=b 6c= 7=e 8=f 9=g"};
  check_aggressive(2, 1, 11, in, (run_args){0}, want, "", "0");
}

/* Two factors that never meet in one tensor both propagate "a". */
static void test_aggressive_factors_not_in_one_tensor(void) {
  const char *in[] = {"0=a", "1=a", "0=", "1="};
  const char *want[] = {"0=a", "1=a", "0=a", "1=a"};
  check_aggressive(2, 2, 2, in, (run_args){0}, want, "", "0,1");
}

static void test_aggressive_conflicts_with_replicated_and_unreduced(void) {
  const char *in[] = {
      "0=a 3=h:(1)2,i u=c",
      "1=b 2c=f r=h:(1)2",
      "0= 4=j:(1)8,k:(2)4",
      "0=a,b,c,d 3= r=h:(2)4,i:(2)2",
      "0=a,b,c,e 2c=f,g",
      "4=j:(1)4 5=k:(1)4",
  };
  const char *want[] = {
      "0=a,b 3=h:(1)2,i u=c",
      in[1],
      "0=a,b,c 4=j:(1)8,k:(2)4",
      "0=a,b,c,d 3=h:(1)2,i:(1)2 r=h:(2)4,i:(2)2",
      in[4],
      "4=j:(1)8 5=k:(1)4",
  };
  check_aggressive(3, 3, 6, in, (run_args){0}, want, "0,2", "0,2");
}

/* "a" could go to result 0 along factor 0 or factor 2: factor 0 wins (its
 * source, operand 0, comes first; all tensors are as large). */
static void test_aggressive_new_axes_conflict(void) {
  const char *in[] = {
      "0=a,b,c 1= 2c= 3= r=d",
      "0= 1=b,a 2= 3=d",
      "0c= 1= 2=c,a 3=",
      "0= 1c= 2= 3=",
      "0=a,b,d 1= 2= 3=",
  };
  const char *want[] = {
      in[0],
      "0= 1=b,a 2=c 3=d",
      "0c= 1=b 2=c,a 3=d",
      "0=a,b 1c= 2=c 3=d",
      "0=a,b,d 1= 2=c 3=",
  };
  check_aggressive(3, 2, 4, in, (run_args){0}, want, "1,2", "0,1");
}

static void test_aggressive_along_specific_factor(void) {
  const char *in[] = {"0=a 1=", "0= 1=a", "0= 1="};
  const char *want0[] = {in[0], in[1], "0=a 1="};
  const char *want1[] = {in[0], in[1], "0= 1=a"};
  check_aggressive(2, 1, 2, in, (run_args){.directions = "BN"}, want0, "", "0");
  check_aggressive(2, 1, 2, in, (run_args){.directions = "NB"}, want1, "", "0");
  /* along both, factor 0 wins */
  check_aggressive(2, 1, 2, in, (run_args){0}, want0, "", "0");
}

/* The larger source tensor wins a conflict whatever the tensor order: here
 * operand 1 (factors 1 and 2, 8 x 4 elements) outweighs operand 0 (factor
 * 0 only, 16), so "a" goes along factor 1. */
static void test_aggressive_larger_source_tensor_wins(void) {
  const char *in[] = {"0=a", "1=a 2=", "0= 1="};
  const char *want[] = {in[0], "1=a 2=", "0= 1=a"};
  const int64_t sizes[] = {16, 8, 4};
  check_aggressive(2, 1, 3, in, (run_args){.sizes = sizes}, want, "", "0");
  /* as large: the first source tensor wins */
  const int64_t even[] = {32, 8, 4};
  const char *want_first[] = {in[0], "1=a 2=", "0=a 1="};
  check_aggressive(2, 1, 3, in, (run_args){.sizes = even}, want_first, "", "0");
}

/* A tensor takes the part of the new axes that conflicts with nothing of
 * its own; the others still get all of it (the basic strategy would stop
 * at "b" for everyone). */
static void test_aggressive_per_tensor_conflicts(void) {
  const char *in[] = {"0=a,b", "0=", "0= 1=b", "0=a 1c="};
  const char *want[] = {in[0], "0=a,b", "0=a 1=b", "0=a,b 1c="};
  check_aggressive(2, 2, 2, in, (run_args){0}, want, "1", "0,1");
  /* a closed factor takes nothing, the other tensors still do */
  const char *closed[] = {"0=a,b", "0c=", "0="};
  const char *want_closed[] = {in[0], "0c=", "0=a,b"};
  check_aggressive(2, 1, 1, closed, (run_args){0}, want_closed, "", "0");
}

/* Operand 1 can only take the part of "a" its other factor leaves free, a
 * sub-axis, which conservative propagation does not propagate. */
static void test_aggressive_conservative(void) {
  const char *in[] = {"0=a", "0= 1=a:(2)2", "0="};
  const char *want[] = {in[0], "0=a:(1)2 1=a:(2)2", "0=a"};
  check_aggressive(2, 1, 2, in, (run_args){0}, want, "1", "0");
  const char *want_conservative[] = {in[0], in[1], "0=a"};
  check_aggressive(2, 1, 2, in, (run_args){.conservative = true}, want_conservative, "", "0");
}

/* Nothing to propagate along any factor: nothing changes. */
static void test_aggressive_nothing_to_propagate(void) {
  const char *in[] = {"0=a", "0=a"};
  const char *want[] = {"0=a", "0=a"};
  check_aggressive(1, 1, 1, in, (run_args){.directions = "N"}, want, "", "");
  check_aggressive(1, 1, 1, in, (run_args){0}, want, "", "");
}

int main(void) {
  ctx = sharc_context_create();
  sharc_context_load_dialect(ctx, "sdy");
  test_full_axes_conflicts_only_for_same_factor();
  test_sub_axes_conflicts_only_for_same_factor();
  test_conflicts_between_factors_and_replicated();
  test_conflicts_with_overflow_axes();
  test_minor_most_factor_not_divisible();
  test_non_minor_most_takes_sub_axis();
  test_different_directions_for_different_factors();
  test_uni_directional_propagation_with_conflict();
  test_conservative_propagation_stops_split_axes();
  test_compatible_major_axes();
  test_overridden_step();
  test_replicated_only_in_tensors_with_the_factor();
  sharc_aggressive_factor_propagation_init(&aggressive);
  test_aggressive_real_and_fake_conflicts();
  test_aggressive_factors_not_in_one_tensor();
  test_aggressive_conflicts_with_replicated_and_unreduced();
  test_aggressive_new_axes_conflict();
  test_aggressive_along_specific_factor();
  test_aggressive_larger_source_tensor_wins();
  test_aggressive_per_tensor_conflicts();
  test_aggressive_conservative();
  test_aggressive_nothing_to_propagate();
  sharc_context_destroy(ctx);
  return check_summary("factor_propagation");
}
