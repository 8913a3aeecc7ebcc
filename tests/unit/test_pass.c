/* Unit tests of passes: typed options parsed as LLVM's cl parsers and
 * MLIR's option strings do, the CLI and textual pipeline forms with their
 * exact error texts (pinned against mlir-opt-22), nested pass managers and
 * their run order, IR printing and timing, the registry, the call graph. */
#define _POSIX_C_SOURCE 200809L

#include "check.h"
#include "ir_helpers.h"

#include "ir/context.h"
#include "ir/ir_internal.h"
#include "pass/call_graph.h"
#include "pass/pass_manager_internal.h"
#include "support/log.h"
#include "sharc/pass.h"
#include "sharc/verify.h"

#include <math.h>
#include <unistd.h>

/* ======================================================================
 * Option values, kind by kind (LLVM's cl::parser<T>)
 * ====================================================================== */

typedef struct all_opts {
  bool flag;
  int i;
  unsigned u;
  int64_t l;
  uint64_t ul;
  double d;
  const char *s;
  int e;
  sharc_string_list sl;
  sharc_int64_list il;
  int custom;
} all_opts;

static const char *const enum_names[] = {"zero", "one", "two", NULL};

/* A custom parser: `cN` for the number N. */
static bool parse_custom(void *dst, const char *text, sharc_buf *err, void *owner) {
  (void)owner;
  if (text[0] != 'c' || !text[1]) {
    sharc_buf_printf(err, "'%s' is not cN", text);
    return false;
  }
  *(int *)dst = atoi(text + 1);
  return true;
}

static const sharc_option_def all_options[] = {
    SHARC_OPTION(all_opts, flag, "flag", SHARC_OPT_BOOL, "true", "a bool"),
    SHARC_OPTION(all_opts, i, "i", SHARC_OPT_INT, "-3", "an int"),
    SHARC_OPTION(all_opts, u, "u", SHARC_OPT_UINT, "7", "an unsigned"),
    SHARC_OPTION(all_opts, l, "l", SHARC_OPT_INT64, "0x10", "a long"),
    SHARC_OPTION(all_opts, ul, "ul", SHARC_OPT_UINT64, "5", "an unsigned long"),
    SHARC_OPTION(all_opts, d, "d", SHARC_OPT_DOUBLE, "0.25", "a double"),
    SHARC_OPTION(all_opts, s, "s", SHARC_OPT_STRING, "dflt", "a string"),
    SHARC_OPTION_ENUM(all_opts, e, "e", enum_names, "one", "an enum"),
    SHARC_OPTION(all_opts, sl, "sl", SHARC_OPT_STRING_LIST, NULL, "strings"),
    SHARC_OPTION(all_opts, il, "il", SHARC_OPT_INT64_LIST, "1,2", "longs"),
    SHARC_OPTION_CUSTOM(all_opts, custom, "custom", parse_custom, "CustomOption", "c5", "custom"),
};

static bool record_run(sharc_op *op, const void *options, sharc_pass_run *run);

static const sharc_pass_def all_def = {
    .flag = "test-all-options",
    .display_name = "TestAllOptionsPass",
    .summary = "every option kind",
    .anchor = "func.func",
    SHARC_OPTIONS(all_options),
    .options_size = sizeof(all_opts),
    .tools = SHARC_TOOL_ANY,
    .run = record_run,
};

static sharc_pipeline *new_pipeline(void) {
  sharc_pipeline_flags flags = {0};
  flags.tool_name = "sdy_opt";
  flags.tool_mask = SHARC_TOOL_SDY_OPT;
  return sharc_pipeline_create(&flags);
}

/* One option value through the kind's parser: the error text, or "" when it
 * parsed (the value then in `dst`). */
static const char *parse_one(sharc_pipeline *pl, const char *name, const char *text, void *dst,
                             sharc_buf *err) {
  const sharc_option_def *o = NULL;
  for (unsigned i = 0; i < sizeof all_options / sizeof all_options[0]; i++)
    if (strcmp(all_options[i].name, name) == 0)
      o = &all_options[i];
  err->len = 0;
  if (err->data)
    err->data[0] = 0;
  bool ok = sharc_option_parse(o, text ? text : "", text != NULL, dst, pl, err);
  return ok ? "" : (err->data ? err->data : "?");
}

typedef struct number_case {
  const char *name, *text;
  int64_t want;      /* when it parses */
  const char *error; /* NULL: it parses */
} number_case;

/* Pinned against mlir-opt-22's own options of these types
 * (--dwarf-version=<int>, --gpsize=<uint>, --debugify-func-limit=<ulong>,
 * canonicalize's max-iterations=<long>). */
static const number_case number_cases[] = {
    {"i", "2147483647", 2147483647, NULL},
    {"i", "2147483648", 0, "'2147483648' value invalid for integer argument!"},
    {"i", "-2147483648", INT32_MIN, NULL},
    {"i", "-2147483649", 0, "'-2147483649' value invalid for integer argument!"},
    {"i", "0x7fffffff", 2147483647, NULL},
    {"i", "0x80000000", 0, "'0x80000000' value invalid for integer argument!"},
    {"i", "010", 8, NULL},
    {"i", "08", 0, "'08' value invalid for integer argument!"},
    {"i", "0b11", 3, NULL},
    {"i", "0o7", 7, NULL},
    {"i", "", 0, "'' value invalid for integer argument!"},
    {"i", " 1", 0, "' 1' value invalid for integer argument!"},
    {"i", "+1", 0, "'+1' value invalid for integer argument!"},
    {"i", "-0x10", -16, NULL},
    {"i", "1_0", 0, "'1_0' value invalid for integer argument!"},
    {"u", "4294967295", 4294967295, NULL},
    {"u", "4294967296", 0, "'4294967296' value invalid for uint argument!"},
    {"u", "-1", 0, "'-1' value invalid for uint argument!"},
    {"u", "0xffffffff", 4294967295, NULL},
    {"u", "", 0, "'' value invalid for uint argument!"},
    {"l", "9223372036854775807", INT64_MAX, NULL},
    {"l", "9223372036854775808", 0, "'9223372036854775808' value invalid for long argument!"},
    {"l", "-9223372036854775808", INT64_MIN, NULL},
    {"l", "-9223372036854775809", 0, "'-9223372036854775809' value invalid for long argument!"},
    {"l", "x", 0, "'x' value invalid for long argument!"},
    {"ul", "18446744073709551615", -1, NULL},
    {"ul", "18446744073709551616", 0, "'18446744073709551616' value invalid for ulong argument!"},
    {"ul", "-1", 0, "'-1' value invalid for ulong argument!"},
    {"ul", "", 0, "'' value invalid for ulong argument!"},
};

static void test_number_options(void) {
  sharc_pipeline *pl = new_pipeline();
  sharc_buf err = {0};
  for (unsigned k = 0; k < sizeof number_cases / sizeof number_cases[0]; k++) {
    const number_case *c = &number_cases[k];
    all_opts o = {0};
    void *dst = c->name[0] == 'i'           ? (void *)&o.i
                : strcmp(c->name, "u") == 0 ? (void *)&o.u
                : strcmp(c->name, "l") == 0 ? (void *)&o.l
                                            : (void *)&o.ul;
    const char *got = parse_one(pl, c->name, c->text, dst, &err);
    CHECK_STR(got, c->error ? c->error : "");
    if (c->error)
      continue;
    int64_t v = c->name[0] == 'i'           ? o.i
                : strcmp(c->name, "u") == 0 ? (int64_t)o.u
                : strcmp(c->name, "l") == 0 ? o.l
                                            : (int64_t)o.ul;
    if (v != c->want)
      fprintf(stderr, "option %s=%s parsed as %lld\n", c->name, c->text, (long long)v);
    CHECK(v == c->want);
  }
  /* no value at all: every kind but bool needs one */
  all_opts o = {0};
  CHECK_STR(parse_one(pl, "i", NULL, &o.i, &err), "requires a value!");
  CHECK_STR(parse_one(pl, "sl", NULL, &o.sl, &err), "requires a value!");
  CHECK_STR(parse_one(pl, "e", NULL, &o.e, &err), "requires a value!");
  sharc_buf_free(&err);
  sharc_pipeline_destroy(pl);
}

/* LLVM's to_float takes whatever strtod reads to the end (mlir-opt-22's
 * compute-tolerance=<number>): an empty text is 0, out of range saturates. */
static void test_double_option(void) {
  sharc_pipeline *pl = new_pipeline();
  sharc_buf err = {0};
  double d = -1;
  CHECK_STR(parse_one(pl, "d", "0.5", &d, &err), "");
  CHECK(d == 0.5);
  CHECK_STR(parse_one(pl, "d", "", &d, &err), "");
  CHECK(d == 0);
  CHECK_STR(parse_one(pl, "d", "1e999", &d, &err), "");
  CHECK(isinf(d) && d > 0);
  CHECK_STR(parse_one(pl, "d", "1e-400", &d, &err), "");
  CHECK(d == 0);
  CHECK_STR(parse_one(pl, "d", "0x10", &d, &err), "");
  CHECK(d == 16);
  CHECK_STR(parse_one(pl, "d", "-inf", &d, &err), "");
  CHECK(isinf(d) && d < 0);
  CHECK_STR(parse_one(pl, "d", ".5", &d, &err), "");
  CHECK(d == 0.5);
  CHECK_STR(parse_one(pl, "d", "x", &d, &err), "'x' value invalid for floating point argument!");
  CHECK_STR(parse_one(pl, "d", "1.5x", &d, &err),
            "'1.5x' value invalid for floating point argument!");
  sharc_buf_free(&err);
  sharc_pipeline_destroy(pl);
}

/* LLVM's parser<bool> (pinned with --mlir-print-debuginfo=<v>). */
static void test_bool_option(void) {
  sharc_pipeline *pl = new_pipeline();
  sharc_buf err = {0};
  static const char *const yes[] = {"", "true", "TRUE", "True", "1"};
  static const char *const no[] = {"false", "FALSE", "False", "0"};
  for (unsigned i = 0; i < 5; i++) {
    bool b = false;
    CHECK_STR(parse_one(pl, "flag", yes[i], &b, &err), "");
    CHECK(b);
  }
  for (unsigned i = 0; i < 4; i++) {
    bool b = true;
    CHECK_STR(parse_one(pl, "flag", no[i], &b, &err), "");
    CHECK(!b);
  }
  bool b = false;
  CHECK_STR(parse_one(pl, "flag", NULL, &b, &err), ""); /* `-flag` alone */
  CHECK(b);
  CHECK_STR(parse_one(pl, "flag", "maybe", &b, &err),
            "'maybe' is invalid value for boolean argument! Try 0 or 1");
  CHECK_STR(parse_one(pl, "flag", "2", &b, &err),
            "'2' is invalid value for boolean argument! Try 0 or 1");
  CHECK_STR(parse_one(pl, "flag", "tRUE", &b, &err),
            "'tRUE' is invalid value for boolean argument! Try 0 or 1");
  CHECK_STR(parse_one(pl, "flag", "yes", &b, &err),
            "'yes' is invalid value for boolean argument! Try 0 or 1");
  sharc_buf_free(&err);
  sharc_pipeline_destroy(pl);
}

static void test_string_enum_custom_options(void) {
  sharc_pipeline *pl = new_pipeline();
  sharc_buf err = {0};
  char text[] = "a b";
  const char *s = NULL;
  CHECK_STR(parse_one(pl, "s", text, &s, &err), "");
  CHECK(s && s != text && strcmp(s, "a b") == 0); /* a copy the pipeline owns */
  CHECK_STR(parse_one(pl, "s", "", &s, &err), "");
  CHECK_STR(s, "");
  int e = -1;
  CHECK_STR(parse_one(pl, "e", "two", &e, &err), "");
  CHECK(e == 2);
  CHECK_STR(parse_one(pl, "e", "three", &e, &err), "Cannot find option named 'three'!");
  CHECK_STR(parse_one(pl, "e", "", &e, &err), "Cannot find option named ''!");
  int c = 0;
  CHECK_STR(parse_one(pl, "custom", "c42", &c, &err), "");
  CHECK(c == 42);
  CHECK_STR(parse_one(pl, "custom", "x", &c, &err), "'x' is not cN");
  sharc_buf_free(&err);
  sharc_pipeline_destroy(pl);
}

/* MLIR's parseCommaSeparatedList (pinned with test-options-pass's list=<int>
 * and string-list=<string> through --dump-pass-pipeline): commas inside
 * {}, (), [] or quotes do not split; each element is trimmed and loses one
 * pair of quotes, or braces around the whole of it. */
static void test_list_options(void) {
  sharc_pipeline *pl = new_pipeline();
  sharc_buf err = {0};
  sharc_int64_list il = {0};
  CHECK_STR(parse_one(pl, "il", "0x10,-1,010", &il, &err), "");
  CHECK(il.n == 3 && il.items[0] == 16 && il.items[1] == -1 && il.items[2] == 8);
  CHECK_STR(parse_one(pl, "il", "1,{2},3", &il, &err), "");
  CHECK(il.n == 3 && il.items[1] == 2);
  CHECK_STR(parse_one(pl, "il", "1,'2'", &il, &err), "");
  CHECK(il.n == 2 && il.items[1] == 2);
  CHECK_STR(parse_one(pl, "il", " 1 , 2 ", &il, &err), "");
  CHECK(il.n == 2 && il.items[0] == 1 && il.items[1] == 2);
  CHECK_STR(parse_one(pl, "il", "", &il, &err), "");
  CHECK(il.n == 0);
  CHECK_STR(parse_one(pl, "il", "1,{2,3}", &il, &err), "'2,3' value invalid for long argument!");
  CHECK_STR(parse_one(pl, "il", "1,\"2,3\"", &il, &err), "'2,3' value invalid for long argument!");
  CHECK_STR(parse_one(pl, "il", "{1,2},3", &il, &err), "'1,2' value invalid for long argument!");
  CHECK_STR(parse_one(pl, "il", "(1,2)", &il, &err), "'(1,2)' value invalid for long argument!");
  CHECK_STR(parse_one(pl, "il", "{1}{2}", &il, &err), "'{1}{2}' value invalid for long argument!");
  CHECK_STR(parse_one(pl, "il", ",1", &il, &err), "'' value invalid for long argument!");
  CHECK_STR(parse_one(pl, "il", "1,", &il, &err), "'' value invalid for long argument!");
  CHECK_STR(parse_one(pl, "il", "1,,2", &il, &err), "'' value invalid for long argument!");
  sharc_string_list sl = {0};
  CHECK_STR(parse_one(pl, "sl", "a,,b", &sl, &err), "");
  CHECK(sl.n == 3 && strcmp(sl.items[1], "") == 0);
  CHECK_STR(parse_one(pl, "sl", "a,", &sl, &err), "");
  CHECK(sl.n == 2 && strcmp(sl.items[0], "a") == 0 && strcmp(sl.items[1], "") == 0);
  CHECK_STR(parse_one(pl, "sl", "'a b',c", &sl, &err), "");
  CHECK(sl.n == 2 && strcmp(sl.items[0], "a b") == 0);
  CHECK_STR(parse_one(pl, "sl", "\"x,y\",[p,q],{r,s}", &sl, &err), "");
  CHECK(sl.n == 3 && strcmp(sl.items[0], "x,y") == 0 && strcmp(sl.items[1], "[p,q]") == 0 &&
        strcmp(sl.items[2], "r,s") == 0);
  CHECK_STR(parse_one(pl, "sl", "a\"b,c\"d", &sl, &err), "");
  CHECK(sl.n == 1 && strcmp(sl.items[0], "a\"b,c\"d") == 0);
  sharc_buf_free(&err);
  sharc_pipeline_destroy(pl);
}

/* ======================================================================
 * Option strings (MLIR's PassOptions::parseFromString)
 * ====================================================================== */

/* The key=value pairs the reader finds, as "key=value|key|..." */
static char *read_options(const char *text) {
  sharc_buf out = {0};
  for (const char *cur = text; *cur;) {
    char *key, *value;
    sharc_options_next(&cur, &key, &value);
    sharc_buf_printf(&out, "%s%s%s%s|", "", key, value ? "=" : "", value ? value : "");
    free(key);
    free(value);
  }
  if (!out.data)
    sharc_buf_puts(&out, "");
  return out.data;
}

#define CHECK_READ(text, want)                                                                     \
  do {                                                                                             \
    char *got_ = read_options(text);                                                               \
    CHECK_STR(got_, want);                                                                         \
    free(got_);                                                                                    \
  } while (0)

static void test_option_string_reader(void) {
  CHECK_READ("a=1 b c=x", "a=1|b|c=x|");
  /* leading spaces make an empty key first, which the caller skips */
  CHECK_READ("  a=1    b  ", "|a=1|b|");
  CHECK_READ("s='a b' t=\"c d\"", "s=a b|t=c d|");
  CHECK_READ("l={1, 2} m={x={y z}}", "l=1, 2|m=x={y z}|");
  CHECK_READ("l={1}{2} n=v", "l={1}{2}|n=v|"); /* the braces do not wrap it all */
  CHECK_READ("q='{a b}' r={\"}\" x}", "q={a b}|r=\"}\" x|");
  CHECK_READ("e= f=", "e=|f=|");
  CHECK_READ("=1 g", "=1|g|");                   /* an empty key: skipped by the caller */
  CHECK_READ("h='unclosed x", "h='unclosed|x|"); /* a lone quote quotes nothing */
  CHECK_READ("", "");
}

/* The whole path: defaults, then the string; a scalar given twice keeps the
 * last value, a list given again adds to itself (the first time it
 * replaces the default), as mlir-opt-22's --dump-pass-pipeline shows. */
static void test_option_struct(void) {
  sharc_pipeline *pl = new_pipeline();
  sharc_buf cl = {0}, msg = {0};
  all_opts *o = sharc_pass_parse_options(pl, &all_def, NULL, &cl, &msg);
  CHECK(o != NULL);
  if (o) {
    CHECK(o->flag && o->i == -3 && o->u == 7 && o->l == 16 && o->ul == 5 && o->d == 0.25);
    CHECK_STR(o->s, "dflt");
    CHECK(o->e == 1 && o->sl.n == 0 && o->il.n == 2 && o->il.items[1] == 2 && o->custom == 5);
  }
  o = sharc_pass_parse_options(pl, &all_def,
                               "flag=false i=0x10 u=8 l=-5 ul=18446744073709551615 d=1e999 "
                               "s='a b' e=two sl={x,\"y,z\"} il={3,{4}} custom=c42",
                               &cl, &msg);
  CHECK(o != NULL);
  if (o) {
    CHECK(!o->flag && o->i == 16 && o->u == 8 && o->l == -5 && o->ul == UINT64_MAX);
    CHECK(isinf(o->d));
    CHECK_STR(o->s, "a b");
    CHECK(o->e == 2 && o->custom == 42);
    CHECK(o->sl.n == 2 && strcmp(o->sl.items[0], "x") == 0 && strcmp(o->sl.items[1], "y,z") == 0);
    CHECK(o->il.n == 2 && o->il.items[0] == 3 && o->il.items[1] == 4);
  }
  o = sharc_pass_parse_options(pl, &all_def, "i=1 il=9 sl=a i=2 il=10,11 sl= sl=b flag=0 flag", &cl,
                               &msg);
  CHECK(o != NULL);
  if (o) {
    CHECK(o->i == 2 && o->flag);
    CHECK(o->il.n == 3 && o->il.items[0] == 9 && o->il.items[1] == 10 && o->il.items[2] == 11);
    CHECK(o->sl.n == 2 && strcmp(o->sl.items[0], "a") == 0 && strcmp(o->sl.items[1], "b") == 0);
  }
  CHECK(cl.len == 0 && msg.len == 0);
  /* errors: LLVM's line for a bad value, MLIR's text for an unknown key;
   * parsing stops at the first */
  CHECK(sharc_pass_parse_options(pl, &all_def, "i=1 u=-1 bad=2", &cl, &msg) == NULL);
  CHECK_STR(cl.data, "sdy_opt: for the --u option: '-1' value invalid for uint argument!\n");
  CHECK(msg.len == 0);
  cl.len = 0;
  CHECK(sharc_pass_parse_options(pl, &all_def, "bad=2 u=-1", &cl, &msg) == NULL);
  CHECK_STR(msg.data, "<Pass-Options-Parser>: no such option bad\n");
  CHECK(cl.len == 0);
  msg.len = 0;
  CHECK(sharc_pass_parse_options(pl, &all_def, "custom=z", &cl, &msg) == NULL);
  CHECK_STR(cl.data, "sdy_opt: for the --custom option: 'z' is not cN\n");
  cl.len = 0;
  CHECK(sharc_pass_parse_options(pl, &all_def, "e", &cl, &msg) == NULL);
  CHECK_STR(cl.data, "sdy_opt: for the --e option: requires a value!\n");
  sharc_buf_free(&cl);
  sharc_buf_free(&msg);
  sharc_pipeline_destroy(pl);
}

/* ======================================================================
 * Adding passes: the CLI form and the textual pipeline, error texts as
 * mlir-opt-22 prints them (its name there, sdy_opt here)
 * ====================================================================== */

/* The first known pass of `tools` that is not implemented yet, or NULL. */
static const char *first_unimplemented(unsigned tools) {
  unsigned n;
  const sharc_pass_def *const *defs = sharc_pass_registry(&n);
  for (unsigned i = 0; i < n; i++)
    if ((defs[i]->tools & tools) && !sharc_pass_is_implemented(defs[i]))
      return defs[i]->flag;
  return NULL;
}

static char *add_error(const char *flag, const char *options) {
  sharc_pipeline *pl = new_pipeline();
  sharc_buf err = {0};
  bool ok = sharc_pipeline_add(pl, flag, options, &err);
  CHECK(!ok);
  sharc_pipeline_destroy(pl);
  if (!err.data)
    sharc_buf_puts(&err, "");
  return err.data;
}

#define CHECK_ADD_ERROR(flag, options, want)                                                       \
  do {                                                                                             \
    char *got_ = add_error(flag, options);                                                         \
    CHECK_STR(got_, want);                                                                         \
    free(got_);                                                                                    \
  } while (0)

static void test_cli_add(void) {
  sharc_pipeline *pl = new_pipeline();
  sharc_buf err = {0};
  CHECK(sharc_pipeline_add(pl, "canonicalize", NULL, &err));
  CHECK(sharc_pipeline_add(pl, "canonicalize", "top-down=false max-iterations=0x10", &err));
  CHECK(sharc_pipeline_add(pl, "sdy-populate-op-sharding-rules", "conservative-propagation", &err));
  CHECK(sharc_pipeline_size(pl) == 3 && err.len == 0);
  sharc_buf_free(&err);
  sharc_pipeline_destroy(pl);
  CHECK_ADD_ERROR("canonicalize", "bad=1",
                  "<unknown>:0: error: <Pass-Options-Parser>: no such option bad\n\n");
  CHECK_ADD_ERROR("canonicalize", "max-iterations=x",
                  "sdy_opt: for the --max-iterations option: 'x' value invalid for long "
                  "argument!\n<unknown>:0: error: \n");
  CHECK_ADD_ERROR("canonicalize", "max-iterations=1 region-simplify=x",
                  "sdy_opt: for the --region-simplify option: Cannot find option named 'x'!\n"
                  "<unknown>:0: error: \n");
  CHECK_ADD_ERROR("sdy-populate-op-sharding-rules", "conservative-propagation=maybe",
                  "sdy_opt: for the --conservative-propagation option: 'maybe' is invalid value "
                  "for boolean argument! Try 0 or 1\n<unknown>:0: error: \n");
  CHECK_ADD_ERROR("no-such-pass", NULL,
                  "'no-such-pass' does not refer to a registered pass or pass pipeline");
  /* whichever sdy pass is still unimplemented is known and refused */
  const char *pending = first_unimplemented(SHARC_TOOL_SDY_OPT);
  if (pending) {
    char want[256];
    snprintf(want, sizeof want, "<unknown>:0: error: pass '-%s' is not implemented yet\n", pending);
    CHECK_ADD_ERROR(pending, NULL, want);
  }
  /* mpmd passes are not sdy_opt's */
  CHECK_ADD_ERROR("mpmd-fragment-dce", NULL,
                  "'mpmd-fragment-dce' does not refer to a registered pass or pass pipeline");
}

static char *parse_error_text(const char *pipeline) {
  sharc_pipeline *pl = new_pipeline();
  sharc_buf err = {0};
  bool ok = sharc_pipeline_parse(pl, pipeline, &err);
  CHECK(!ok);
  sharc_pipeline_destroy(pl);
  if (!err.data)
    sharc_buf_puts(&err, "");
  return err.data;
}

typedef struct parse_case {
  const char *pipeline, *error;
} parse_case;

/* mlir-opt-22 --pass-pipeline='...' on the same text; where it used its
 * test-options-pass (anchored on func.func), sdy-populate-op-sharding-rules
 * stands in. */
static const parse_case parse_cases[] = {
    {"builtin.module(canonicalize))",
     "<unknown>:0: error: MLIR Textual PassPipeline Parser:1:13: error: encountered extra closing "
     "')' creating unbalanced parentheses while parsing pipeline\ncanonicalize)\n            "
     "^\n\n"},
    {"canonicalize", "<unknown>:0: error: expected pass pipeline to be wrapped with the anchor "
                     "operation type, e.g. 'builtin.module(...)'\n"},
    {"builtin.module(canonicalize{top-down=true",
     "<unknown>:0: error: expected pass pipeline to be wrapped with the anchor operation type, "
     "e.g. 'builtin.module(...)'\n"},
    {"builtin.module(func.func(canonicalize)",
     "<unknown>:0: error: MLIR Textual PassPipeline Parser:1:11: error: encountered unbalanced "
     "parentheses while parsing pipeline\nfunc.func(canonicalize\n          ^\n\n"},
    {"builtin.module(canonicalize{top-down=maybe})",
     "sdy_opt: for the --top-down option: 'maybe' is invalid value for boolean argument! Try 0 "
     "or 1\n<unknown>:0: error: \nfailed to add `canonicalize` with options `top-down=maybe`\n\n"},
    {"builtin.module(canonicalize{bad=1})",
     "<unknown>:0: error: <Pass-Options-Parser>: no such option bad\n\nfailed to add "
     "`canonicalize` with options `bad=1`\n\n"},
    {"builtin.module(func.func(canonicalize{max-iterations=x}))",
     "sdy_opt: for the --max-iterations option: 'x' value invalid for long argument!\n<unknown>:0: "
     "error: \nfailed to add `canonicalize` with options `max-iterations=x`\nfailed to add "
     "`func.func` with options `` to inner pipeline\n\n"},
    {"builtin.module(nosuch)",
     "<unknown>:0: error: MLIR Textual PassPipeline Parser:1:1: error: 'nosuch' does not refer to "
     "a registered pass or pass pipeline\nnosuch\n^\n\n"},
    {"builtin.module(canonicalize{max-iterations})",
     "sdy_opt: for the --max-iterations option: requires a value!\n<unknown>:0: error: \nfailed "
     "to add `canonicalize` with options `max-iterations`\n\n"},
    {"builtin.module(canonicalize canonicalize)",
     "<unknown>:0: error: MLIR Textual PassPipeline Parser:1:1: error: 'canonicalize "
     "canonicalize' does not refer to a registered pass or pass pipeline\ncanonicalize "
     "canonicalize\n^\n\n"},
    {"builtin.module(,canonicalize)",
     "<unknown>:0: error: MLIR Textual PassPipeline Parser:1:1: error: '' does not refer to a "
     "registered pass or pass pipeline\n,canonicalize\n^\n\n"},
    {"builtin.module(canonicalize{)",
     "<unknown>:0: error: MLIR Textual PassPipeline Parser:1:13: error: missing closing '}' while "
     "processing pass options\ncanonicalize{\n            ^\n\n"},
    {"builtin.module(func.func(canonicalize)x)",
     "<unknown>:0: error: MLIR Textual PassPipeline Parser:1:24: error: expected ',' after parsing "
     "pipeline\nfunc.func(canonicalize)x\n                       ^\n\n"},
    {"builtin.module(canonicalize{region-simplify=bogus})",
     "sdy_opt: for the --region-simplify option: Cannot find option named 'bogus'!\n<unknown>:0: "
     "error: \nfailed to add `canonicalize` with options `region-simplify=bogus`\n\n"},
    {"builtin.module(func.func())",
     "<unknown>:0: error: MLIR Textual PassPipeline Parser:1:11: error: '' does not refer to a "
     "registered pass or pass pipeline\nfunc.func()\n          ^\n\n"},
    {"builtin.module(func.func(sdy-populate-op-sharding-rules{bad=1}))",
     "<unknown>:0: error: <Pass-Options-Parser>: no such option bad\n\nfailed to add "
     "`sdy-populate-op-sharding-rules` with options `bad=1`\nfailed to add `func.func` with "
     "options `` to inner pipeline\n\n"},
    {"builtin.module(sdy-populate-op-sharding-rules)",
     "<unknown>:0: error: Can't add pass 'PopulateOpShardingRulesPass' restricted to 'func.func' "
     "on a PassManager intended to run on 'builtin.module', did you intend to nest?\nfailed to "
     "add `sdy-populate-op-sharding-rules` with options ``\n\n"},
    /* a bad option and the wrong anchor: MLIR reports both */
    {"builtin.module(sdy-populate-op-sharding-rules{bad=1})",
     "<unknown>:0: error: <Pass-Options-Parser>: no such option bad\n\nCan't add pass "
     "'PopulateOpShardingRulesPass' restricted to 'func.func' on a PassManager intended to run "
     "on 'builtin.module', did you intend to nest?\nfailed to add "
     "`sdy-populate-op-sharding-rules` with options `bad=1`\n\n"},
    {"builtin.module(sdy-populate-op-sharding-rules{conservative-propagation=x})",
     "sdy_opt: for the --conservative-propagation option: 'x' is invalid value for boolean "
     "argument! Try 0 or 1\n<unknown>:0: error: \nCan't add pass 'PopulateOpShardingRulesPass' "
     "restricted to 'func.func' on a PassManager intended to run on 'builtin.module', did you "
     "intend to nest?\nfailed to add `sdy-populate-op-sharding-rules` with options "
     "`conservative-propagation=x`\n\n"},
};

static void test_textual_pipeline_errors(void) {
  for (unsigned i = 0; i < sizeof parse_cases / sizeof parse_cases[0]; i++) {
    char *got = parse_error_text(parse_cases[i].pipeline);
    if (strcmp(got, parse_cases[i].error) != 0)
      fprintf(stderr, "pipeline: %s\n", parse_cases[i].pipeline);
    CHECK_STR(got, parse_cases[i].error);
    free(got);
  }
}

static void test_textual_pipeline_accepted(void) {
  static const char *const good[] = {
      "builtin.module()",
      " builtin.module ( canonicalize ) ",
      "builtin.module(canonicalize{ top-down=false   max-iterations=3 })",
      "builtin.module(canonicalize{disable-patterns={a,b} enable-patterns=\"x,y\"})",
      "builtin.module(func.func(canonicalize), canonicalize)",
      "builtin.module(any(canonicalize))",
      "builtin.module(func.func(sdy-populate-op-sharding-rules{conservative-propagation}, "
      "sdy-drop-sharding-rules))",
      "any(canonicalize)",
  };
  for (unsigned i = 0; i < sizeof good / sizeof good[0]; i++) {
    sharc_pipeline *pl = new_pipeline();
    sharc_buf err = {0};
    bool ok = sharc_pipeline_parse(pl, good[i], &err);
    if (!ok)
      fprintf(stderr, "pipeline %s: %s", good[i], err.data ? err.data : "");
    CHECK(ok && err.len == 0);
    sharc_buf_free(&err);
    sharc_pipeline_destroy(pl);
  }
  sharc_pipeline *pl = new_pipeline();
  sharc_buf err = {0};
  CHECK(sharc_pipeline_parse(pl,
                             "builtin.module(func.func(canonicalize, canonicalize), "
                             "canonicalize, sdy.manual_computation(canonicalize))",
                             &err));
  CHECK(sharc_pipeline_size(pl) == 4);
  CHECK_STR(sharc_pm_op_name(sharc_pipeline_root(pl)), "builtin.module");
  sharc_buf_free(&err);
  sharc_pipeline_destroy(pl);
}

/* ======================================================================
 * Pass managers at work: recording passes on a small dialect
 * ====================================================================== */

/* `p.iso` is isolated from above, `p.open` is not. */
static const sharc_op_def p_iso_def = {.name = "p.iso",
                                       .traits = SHARC_TRAIT_ISOLATED | SHARC_TRAIT_NO_TERMINATOR |
                                                 SHARC_TRAIT_ONE_REGION};
static const sharc_op_def p_open_def = {
    .name = "p.open", .traits = SHARC_TRAIT_NO_TERMINATOR | SHARC_TRAIT_ONE_REGION};
static const sharc_op_def *const p_ops[] = {&p_iso_def, &p_open_def};
static const sharc_dialect p_dialect = {.name = "p", .ops = p_ops, .num_ops = 2};

static sharc_buf run_log;

static const char *run_label(sharc_op *op) {
  sharc_str sym = sharc_op_symbol_name(op);
  return sym.len ? sym.data : op_label(op);
}

/* Logs "flag@op"; fails (with an error) on ops carrying `fail`. */
static bool record_run(sharc_op *op, const void *options, sharc_pass_run *run) {
  (void)options;
  CHECK(sharc_pass_run_op(run) == op);
  if (run_log.len)
    sharc_buf_putc(&run_log, ' ');
  sharc_buf_printf(&run_log, "%s@%s", sharc_pass_run_def(run)->flag, run_label(op));
  if (sharc_op_attr(op, "fail")) {
    sharc_emit_op_error(op, "asked to fail");
    return false;
  }
  return true;
}

static const sharc_pass_def rec_module = {.flag = "m",
                                          .display_name = "ModulePass",
                                          .anchor = "builtin.module",
                                          .tools = SHARC_TOOL_ANY,
                                          .run = record_run};
static const sharc_pass_def rec_func = {.flag = "f",
                                        .display_name = "FuncPass",
                                        .anchor = "func.func",
                                        .tools = SHARC_TOOL_ANY,
                                        .run = record_run};
static const sharc_pass_def rec_func2 = {.flag = "g",
                                         .display_name = "FuncPass2",
                                         .anchor = "func.func",
                                         .tools = SHARC_TOOL_ANY,
                                         .run = record_run};
static const sharc_pass_def rec_any = {.flag = "a",
                                       .display_name = "AnyPass",
                                       .anchor = NULL,
                                       .tools = SHARC_TOOL_ANY,
                                       .run = record_run};
static const sharc_pass_def rec_iso = {.flag = "i",
                                       .display_name = "IsoPass",
                                       .anchor = "p.iso",
                                       .tools = SHARC_TOOL_ANY,
                                       .run = record_run};

static const char pm_text[] = "func.func @a() {\n"
                              "  \"p.iso\"() ({\n"
                              "  }) {id = \"iso_in_a\"} : () -> ()\n"
                              "  return\n"
                              "}\n"
                              "\"p.iso\"() ({\n"
                              "  \"p.iso\"() ({\n"
                              "  }) {id = \"iso_in_iso\"} : () -> ()\n"
                              "}) {id = \"iso_top\"} : () -> ()\n"
                              "\"p.open\"() ({\n"
                              "}) {id = \"open\"} : () -> ()\n"
                              "\"x.unknown\"() {id = \"unknown\"} : () -> ()\n"
                              "module @inner {\n"
                              "  func.func @c() {\n"
                              "    return\n"
                              "  }\n"
                              "}\n"
                              "func.func @b() {\n"
                              "  return\n"
                              "}\n";

typedef struct pm_fixture {
  sharc_context *ctx;
  sharc_op *module;
  sharc_pipeline *pl;
  sharc_pass_manager *root;
  sharc_buf diags;
} pm_fixture;

static void collect_diag(const sharc_diag *d, void *user) {
  sharc_diag_format(d, user); /* one line each, newline included */
}

static bool pm_init(pm_fixture *f, const char *text) {
  memset(f, 0, sizeof *f);
  f->ctx = sharc_context_create();
  sharc_context_register_dialect(f->ctx, &p_dialect);
  sharc_context_set_allow_unregistered(f->ctx, true);
  sharc_context_set_diag_handler(f->ctx, collect_diag, &f->diags);
  f->module = parse_text(f->ctx, text);
  f->pl = new_pipeline();
  f->root = sharc_pipeline_root(f->pl);
  run_log.len = 0;
  if (run_log.data)
    run_log.data[0] = 0;
  CHECK(f->module != NULL);
  return f->module != NULL;
}

static void pm_free(pm_fixture *f) {
  sharc_pipeline_destroy(f->pl);
  sharc_context_destroy(f->ctx);
  sharc_buf_free(&f->diags);
}

static void add(sharc_pass_manager *pm, const sharc_pass_def *def) {
  sharc_buf err = {0};
  CHECK(sharc_pm_add_def(pm, def, NULL, &err));
  if (err.len)
    fprintf(stderr, "%s\n", err.data);
  sharc_buf_free(&err);
}

static bool pm_run(pm_fixture *f) {
  bool ok = sharc_pipeline_run(f->pl, f->module);
  sharc_diag_flush(f->ctx);
  return ok;
}

static const char *diags(pm_fixture *f) { return f->diags.data ? f->diags.data : ""; }
static const char *ran(void) { return run_log.data ? run_log.data : ""; }

/* The timing report's names and nesting, without the numbers. */
static char *timing_names(sharc_pipeline *pl) {
  sharc_buf out = {0}, names = {0};
  sharc_pipeline_report_timing(pl, 0, 0, 1, &out);
  /* lines of the table look like "  0.0000 (  0.0%)  <indent><name>" */
  for (char *line = strstr(out.data, "----Name----\n"); line && *line;) {
    char *nl = strchr(line, '\n');
    if (!nl)
      break;
    line = nl + 1;
    char *pct = strstr(line, "%)  ");
    char *end = strchr(line, '\n');
    if (!pct || !end || pct > end)
      continue;
    sharc_buf_put(&names, pct + 4, (size_t)(end - pct - 4));
    sharc_buf_putc(&names, '\n');
  }
  sharc_buf_free(&out);
  return names.data;
}

#define CHECK_TIMING(pl, want)                                                                     \
  do {                                                                                             \
    char *names_ = timing_names(pl);                                                               \
    CHECK_STR(names_, want);                                                                       \
    free(names_);                                                                                  \
  } while (0)

static void test_nested_run_order(void) {
  pm_fixture f;
  if (!pm_init(&f, pm_text))
    return;
  add(f.root, &rec_module);
  sharc_pass_manager *fn = sharc_pm_nest(f.root, "func.func");
  add(fn, &rec_func);
  add(fn, &rec_func2);
  CHECK(sharc_pipeline_size(f.pl) == 3);
  CHECK(pm_run(&f));
  /* the whole nested list on one function before the next; only the
   * functions directly in the module (not @c in the inner module) */
  CHECK_STR(ran(), "m@builtin.module f@a g@a f@b g@b");
  CHECK_TIMING(f.pl, "Parser\nModulePass\n'func.func' Pipeline\n  FuncPass\n  FuncPass2\n"
                     "Output\nRest\nTotal\n");
  pm_free(&f);
}

/* A pass anchored elsewhere nests implicitly; the next one for the same op
 * joins the same nested pass manager; a pass in between starts another. */
static void test_implicit_nesting(void) {
  pm_fixture f;
  if (!pm_init(&f, pm_text))
    return;
  add(f.root, &rec_func);
  add(f.root, &rec_func2);
  add(f.root, &rec_module);
  add(f.root, &rec_func);
  CHECK(sharc_pipeline_size(f.pl) == 4);
  CHECK(pm_run(&f));
  CHECK_STR(ran(), "f@a g@a f@b g@b m@builtin.module f@a f@b");
  CHECK_TIMING(f.pl, "Parser\n'func.func' Pipeline\n  FuncPass\n  FuncPass2\nModulePass\n"
                     "'func.func' Pipeline\n  FuncPass\nOutput\nRest\nTotal\n");
  pm_free(&f);
  /* the same by flag, as mlir-opt's command line */
  sharc_pipeline *pl = new_pipeline();
  sharc_buf err = {0};
  CHECK(sharc_pipeline_add(pl, "sdy-populate-op-sharding-rules", NULL, &err));
  CHECK(sharc_pipeline_add(pl, "sdy-drop-sharding-rules", NULL, &err));
  CHECK(sharc_pipeline_add(pl, "canonicalize", NULL, &err));
  CHECK(sharc_pipeline_add(pl, "sdy-drop-sharding-rules", NULL, &err));
  sharc_context *ctx = sharc_context_create();
  sharc_context_load_dialect(ctx, "sdy");
  sharc_op *m = parse_text(ctx, "func.func @f() {\n  return\n}\n");
  CHECK(m && sharc_pipeline_run(pl, m));
  CHECK_TIMING(pl, "Parser\n'func.func' Pipeline\n  PopulateOpShardingRulesPass\n"
                   "  DropShardingRulesPass\nCanonicalizer\n'func.func' Pipeline\n"
                   "  DropShardingRulesPass\nOutput\nRest\nTotal\n");
  sharc_context_destroy(ctx);
  sharc_buf_free(&err);
  sharc_pipeline_destroy(pl);
}

/* Adjacent nested pass managers merge into one adaptor (MLIR's
 * coalesceAdjacentAdaptorPasses): ops in order, each through the pass
 * manager for its name, those for the same name concatenated. mlir-opt-22
 * shows the same order for builtin.module(func.func(canonicalize),
 * builtin.module(canonicalize), func.func(cse)) with -mlir-print-ir-after-all
 * and the same "Pipeline Collection" in -mlir-timing. */
static void test_adjacent_nested_merge(void) {
  pm_fixture f;
  if (!pm_init(&f, pm_text))
    return;
  add(sharc_pm_nest(f.root, "func.func"), &rec_func);
  add(sharc_pm_nest(f.root, "p.iso"), &rec_iso);
  add(sharc_pm_nest(f.root, "func.func"), &rec_func2);
  CHECK(pm_run(&f));
  CHECK_STR(ran(), "f@a g@a i@iso_top f@b g@b");
  CHECK_TIMING(f.pl, "Parser\nPipeline Collection : ['func.func', 'p.iso']\n"
                     "  'func.func' Pipeline\n    FuncPass\n    FuncPass2\n"
                     "  'p.iso' Pipeline\n    IsoPass\nOutput\nRest\nTotal\n");
  pm_free(&f);
  /* in the order they first ran, whatever the names */
  if (!pm_init(&f, pm_text))
    return;
  add(sharc_pm_nest(f.root, "p.iso"), &rec_iso);
  add(sharc_pm_nest(f.root, "func.func"), &rec_func);
  CHECK(pm_run(&f));
  CHECK_STR(ran(), "f@a i@iso_top f@b");
  CHECK_TIMING(f.pl, "Parser\nPipeline Collection : ['func.func', 'p.iso']\n"
                     "  'func.func' Pipeline\n    FuncPass\n"
                     "  'p.iso' Pipeline\n    IsoPass\nOutput\nRest\nTotal\n");
  pm_free(&f);
  /* a collection shows even when none of its pipelines ran */
  if (!pm_init(&f, "module {\n}\n"))
    return;
  add(sharc_pm_nest(f.root, "p.iso"), &rec_iso);
  add(sharc_pm_nest(f.root, "func.func"), &rec_func);
  add(sharc_pm_nest(f.root, "func.func"), &rec_func);
  CHECK(pm_run(&f));
  CHECK_STR(ran(), "");
  CHECK_TIMING(f.pl, "Parser\nPipeline Collection : ['func.func', 'p.iso']\nOutput\nRest\nTotal\n");
  pm_free(&f);
}

/* `any` runs on every op directly inside that is registered, isolated from
 * above and fit for all its passes (mlir-opt-22: builtin.module(any(
 * canonicalize)) skips ops that are unregistered or not isolated). An `any`
 * that could take another adaptor's ops is not merged with it. */
static void test_any_pass_manager(void) {
  pm_fixture f;
  if (!pm_init(&f, pm_text))
    return;
  add(sharc_pm_nest(f.root, "any"), &rec_any);
  CHECK(pm_run(&f));
  CHECK_STR(ran(), "a@a a@iso_top a@inner a@b");
  pm_free(&f);
  if (!pm_init(&f, pm_text))
    return;
  sharc_pass_manager *any = sharc_pm_nest(f.root, "any");
  add(any, &rec_any);
  add(any, &rec_func); /* now only functions fit */
  CHECK(pm_run(&f));
  CHECK_STR(ran(), "a@a f@a a@b f@b");
  pm_free(&f);
  if (!pm_init(&f, pm_text))
    return;
  add(sharc_pm_nest(f.root, "func.func"), &rec_func);
  add(sharc_pm_nest(f.root, "any"), &rec_any);
  CHECK(pm_run(&f));
  CHECK_STR(ran(), "f@a f@b a@a a@iso_top a@inner a@b");
  CHECK_TIMING(f.pl, "Parser\n'func.func' Pipeline\n  FuncPass\n'any' Pipeline\n  AnyPass\n"
                     "Output\nRest\nTotal\n");
  pm_free(&f);
  /* an `any` that cannot take the other's ops merges */
  if (!pm_init(&f, pm_text))
    return;
  add(sharc_pm_nest(f.root, "p.iso"), &rec_iso);
  sharc_pass_manager *funcs_only = sharc_pm_nest(f.root, "any");
  add(funcs_only, &rec_func);
  CHECK(pm_run(&f));
  CHECK_STR(ran(), "f@a i@iso_top f@b");
  CHECK_TIMING(f.pl, "Parser\nPipeline Collection : ['p.iso', 'any']\n  'any' Pipeline\n"
                     "    FuncPass\n  'p.iso' Pipeline\n    IsoPass\nOutput\nRest\nTotal\n");
  pm_free(&f);
}

/* A pass manager for an op name runs on those ops directly inside the
 * parent's regions only; deeper ones need the path spelled out. (The two
 * adaptors merge: @a's p.iso runs first, @a coming before iso_top.) */
static void test_op_name_pass_manager(void) {
  pm_fixture f;
  if (!pm_init(&f, pm_text))
    return;
  add(sharc_pm_nest(f.root, "p.iso"), &rec_iso);
  sharc_pass_manager *deep = sharc_pm_nest(sharc_pm_nest(f.root, "func.func"), "p.iso");
  add(deep, &rec_iso);
  CHECK_STR(sharc_pm_op_name(deep), "p.iso");
  CHECK(pm_run(&f));
  CHECK_STR(ran(), "i@iso_in_a i@iso_top");
  pm_free(&f);
}

/* As OpToOpPassAdaptor::run: a pass needs a registered op isolated from
 * above (mlir-opt-22 on builtin.module(test.region(canonicalize)) and
 * func.func(scf.execute_region(canonicalize))). The other ops still run. */
static void test_unschedulable_ops(void) {
  pm_fixture f;
  if (!pm_init(&f, pm_text))
    return;
  add(sharc_pm_nest(f.root, "func.func"), &rec_func);
  add(sharc_pm_nest(f.root, "p.open"), &rec_any);
  add(sharc_pm_nest(f.root, "x.unknown"), &rec_any);
  add(f.root, &rec_module);
  CHECK(!pm_run(&f));
  CHECK_STR(ran(), "f@a f@b");
  CHECK_STR(diags(&f), "t.mlir:10:1: error: 'p.open' op trying to schedule a pass on an operation "
                       "not marked as 'IsolatedFromAbove'\n"
                       "t.mlir:12:1: error: 'x.unknown' op trying to schedule a pass on an "
                       "unregistered operation\n");
  pm_free(&f);
  /* an empty pass manager asks nothing of the op */
  if (!pm_init(&f, pm_text))
    return;
  sharc_pm_nest(f.root, "x.unknown");
  CHECK(pm_run(&f));
  CHECK_STR(diags(&f), "");
  pm_free(&f);
}

/* A failing pass ends its op's pipeline; the sibling ops still run theirs
 * (mlir-opt-22 with test-pass-failure on each function); the parent's
 * pipeline stops after them. */
static void test_failing_pass(void) {
  pm_fixture f;
  if (!pm_init(&f, "func.func @a() attributes {fail} {\n"
                   "  return\n"
                   "}\n"
                   "func.func @b() {\n"
                   "  return\n"
                   "}\n"))
    return;
  sharc_pass_manager *fn = sharc_pm_nest(f.root, "func.func");
  add(fn, &rec_func);
  add(fn, &rec_func2);
  add(f.root, &rec_module);
  add(f.root, &rec_any);
  CHECK(!pm_run(&f));
  CHECK_STR(ran(), "f@a f@b g@b");
  CHECK_STR(diags(&f), "t.mlir:1:1: error: 'func.func' op asked to fail\n");
  pm_free(&f);
}

/* Warns on each function, then writes a log line and records it after the
 * diagnostics delivered so far. */
static bool warn_then_log(sharc_op *op, const void *options, sharc_pass_run *run) {
  (void)options;
  (void)run;
  sharc_emit_op(op, SHARC_SEV_WARNING, "warned on %s", run_label(op));
  sharc_log(SHARC_LOG_INFO, "unit.cc", 1, "log line of %s", run_label(op));
  if (run_log.len)
    sharc_buf_putc(&run_log, ' ');
  sharc_buf_printf(&run_log, "log@%s", run_label(op));
  return true;
}

static const sharc_pass_def warn_logger = {.flag = "warn-log",
                                           .display_name = "WarnLog",
                                           .anchor = "func.func",
                                           .tools = SHARC_TOOL_ANY,
                                           .run = warn_then_log};

/* Records each diagnostic into the run log, where log lines go too. */
static void diag_into_run_log(const sharc_diag *d, void *user) {
  (void)user;
  if (run_log.len)
    sharc_buf_putc(&run_log, ' ');
  sharc_buf_printf(&run_log, "[%s]", d->message);
}

static const char three_funcs[] = "func.func @a() {\n  return\n}\n"
                                  "func.func @b() {\n  return\n}\n"
                                  "module @m {\n}\n"
                                  "func.func @c() {\n  return\n}\n";

/* MLIR's ParallelDiagnosticHandler: with threading on, the diagnostics of
 * a nested pass manager run over several ops come after all of them ran,
 * in op order; a single op is run without it; with threading off each
 * diagnostic is reported before the next log line. */
static void test_diagnostic_order(void) {
  for (int mode = 0; mode < 3; mode++) {
    pm_fixture f;
    if (!pm_init(&f, mode == 2 ? "func.func @only() {\n  return\n}\n" : three_funcs))
      return;
    sharc_context_set_diag_handler(f.ctx, diag_into_run_log, NULL);
    sharc_pipeline_flags flags = {0};
    flags.tool_mask = SHARC_TOOL_SDY_OPT;
    flags.disable_threading = mode == 1;
    sharc_pipeline_set_flags(f.pl, &flags);
    add(sharc_pm_nest(f.root, "func.func"), &warn_logger);
    CHECK(pm_run(&f));
    if (mode == 0)
      CHECK_STR(ran(), "log@a log@b log@c [warned on a] [warned on b] [warned on c]");
    else if (mode == 1)
      CHECK_STR(ran(), "[warned on a] log@a [warned on b] log@b [warned on c] log@c");
    else
      CHECK_STR(ran(), "[warned on only] log@only");
    pm_free(&f);
  }
}

/* A handler set while diagnostics are held gets its own at once (MLIR's
 * scoped handler, registered after the parallel one); the held ones go,
 * in order, to the handler set when the outermost section ends. */
static void test_deferred_diagnostics(void) {
  sharc_context *ctx = sharc_context_create();
  sharc_buf held = {0}, direct = {0};
  sharc_context_set_diag_handler(ctx, collect_diag, &held);
  sharc_diag_defer_begin(ctx);
  sharc_emit(ctx, SHARC_SEV_WARNING, NULL, "one");
  sharc_diag_defer_begin(ctx);
  sharc_emit(ctx, SHARC_SEV_ERROR, NULL, "two");
  sharc_diag_defer_end(ctx);
  CHECK(held.len == 0);
  sharc_context_set_diag_handler(ctx, collect_diag, &direct);
  sharc_emit(ctx, SHARC_SEV_REMARK, NULL, "scoped");
  sharc_diag_flush(ctx);
  CHECK_STR(direct.data, "loc(unknown): remark: scoped\n");
  sharc_context_set_diag_handler(ctx, collect_diag, &held);
  sharc_emit(ctx, SHARC_SEV_WARNING, NULL, "three");
  CHECK(held.len == 0);
  sharc_diag_defer_end(ctx);
  CHECK_STR(held.data, "loc(unknown): warning: one\nloc(unknown): error: two\n"
                       "loc(unknown): warning: three\n");
  sharc_context_destroy(ctx);
  sharc_buf_free(&held);
  sharc_buf_free(&direct);
}

static void test_anchor_mismatch(void) {
  pm_fixture f;
  if (!pm_init(&f, pm_text))
    return;
  sharc_buf err = {0};
  CHECK(sharc_pipeline_parse(f.pl, "func.func(canonicalize)", &err));
  CHECK_STR(sharc_pm_op_name(sharc_pipeline_root(f.pl)), "func.func");
  CHECK(!pm_run(&f));
  CHECK_STR(diags(&f),
            "t.mlir:0:0: error: can't run 'func.func' pass manager on 'builtin.module' op\n");
  sharc_buf_free(&err);
  pm_free(&f);
  /* `any` runs on whatever it is given */
  if (!pm_init(&f, pm_text))
    return;
  CHECK(sharc_pipeline_parse(f.pl, "any(canonicalize)", &err));
  CHECK(pm_run(&f));
  sharc_buf_free(&err);
  pm_free(&f);
}

/* ---- -mlir-print-ir-* -------------------------------------------------- */

static bool starts_with(const char *s, const char *prefix) {
  return s && strncmp(s, prefix, strlen(prefix)) == 0;
}

typedef struct capture {
  int saved;
  FILE *tmp;
} capture;

static void capture_begin(capture *c) {
  fflush(stderr);
  c->tmp = tmpfile();
  c->saved = dup(2);
  dup2(fileno(c->tmp), 2);
}

static char *capture_end(capture *c) {
  fflush(stderr);
  dup2(c->saved, 2);
  close(c->saved);
  long n = ftell(c->tmp);
  rewind(c->tmp);
  char *text = calloc((size_t)(n > 0 ? n : 0) + 1, 1);
  if (n > 0 && fread(text, 1, (size_t)n, c->tmp) != (size_t)n)
    text[0] = 0;
  fclose(c->tmp);
  return text;
}

/* Drops the operands of the function's return: it no longer verifies. */
static bool drop_return(sharc_op *op, const void *options, sharc_pass_run *run) {
  (void)options;
  sharc_rewriter rw;
  sharc_pass_rewriter(run, &rw, NULL);
  sharc_op *ret = sharc_block_last_op(sharc_region_first_block(sharc_op_region(op, 0)));
  sharc_op_set_operands(ret, NULL, 0);
  sharc_rw_modified(&rw, ret);
  return true;
}

static const sharc_pass_def breaker = {.flag = "break-ir",
                                       .display_name = "BreakerPass",
                                       .anchor = "func.func",
                                       .tools = SHARC_TOOL_ANY,
                                       .run = drop_return};

static const char print_text[] = "func.func @a() {\n"
                                 "  return\n"
                                 "}\n"
                                 "func.func @b() attributes {fail} {\n"
                                 "  return\n"
                                 "}\n";

/* The format of mlir-opt-22's -mlir-print-ir-before-all/-after-all: the
 * header, the op the pass ran on (a nested one without the final newline),
 * a blank line; a pass that fails is "After <name> Failed", printed with
 * -after-all as with -after-failure. */
static void test_print_ir(void) {
  pm_fixture f;
  if (!pm_init(&f, print_text))
    return;
  sharc_pipeline_flags flags = {0};
  flags.tool_name = "sdy_opt";
  flags.print_ir_before_all = true;
  flags.print_ir_after_all = true;
  sharc_pipeline_set_flags(f.pl, &flags);
  add(f.root, &rec_module);
  add(f.root, &rec_func);
  capture c;
  capture_begin(&c);
  bool ok = pm_run(&f);
  char *text = capture_end(&c);
  CHECK(!ok);
  CHECK_STR(text, "// -----// IR Dump Before ModulePass (m) //----- //\n"
                  "module {\n"
                  "  func.func @a() {\n"
                  "    return\n"
                  "  }\n"
                  "  func.func @b() attributes {fail} {\n"
                  "    return\n"
                  "  }\n"
                  "}\n"
                  "\n\n"
                  "// -----// IR Dump After ModulePass (m) //----- //\n"
                  "module {\n"
                  "  func.func @a() {\n"
                  "    return\n"
                  "  }\n"
                  "  func.func @b() attributes {fail} {\n"
                  "    return\n"
                  "  }\n"
                  "}\n"
                  "\n\n"
                  "// -----// IR Dump Before FuncPass (f) //----- //\n"
                  "func.func @a() {\n"
                  "  return\n"
                  "}\n\n"
                  "// -----// IR Dump After FuncPass (f) //----- //\n"
                  "func.func @a() {\n"
                  "  return\n"
                  "}\n\n"
                  "// -----// IR Dump Before FuncPass (f) //----- //\n"
                  "func.func @b() attributes {fail} {\n"
                  "  return\n"
                  "}\n\n"
                  "// -----// IR Dump After FuncPass Failed (f) //----- //\n"
                  "func.func @b() attributes {fail} {\n"
                  "  return\n"
                  "}\n\n");
  free(text);
  /* only failures */
  flags.print_ir_before_all = flags.print_ir_after_all = false;
  flags.print_ir_after_failure = true;
  sharc_pipeline_set_flags(f.pl, &flags);
  capture_begin(&c);
  CHECK(!pm_run(&f));
  text = capture_end(&c);
  CHECK_STR(text, "// -----// IR Dump After FuncPass Failed (f) //----- //\n"
                  "func.func @b() attributes {fail} {\n"
                  "  return\n"
                  "}\n\n");
  free(text);
  pm_free(&f);
}

/* The op is verified after each pass, before the IR is printed: a pass that
 * leaves invalid IR fails ("After ... Failed"), unless verification is off. */
static void test_verify_after_pass(void) {
  pm_fixture f;
  if (!pm_init(&f, "func.func @a() -> i32 {\n"
                   "  %0 = \"x.c\"() : () -> i32\n"
                   "  return %0 : i32\n"
                   "}\n"))
    return;
  sharc_pipeline_flags flags = {0};
  flags.print_ir_after_all = true;
  sharc_pipeline_set_flags(f.pl, &flags);
  add(f.root, &breaker);
  add(f.root, &rec_module);
  capture c;
  capture_begin(&c);
  bool ok = pm_run(&f);
  char *text = capture_end(&c);
  CHECK(!ok);
  CHECK(starts_with(text, "// -----// IR Dump After BreakerPass Failed (break-ir) //----- //\n"));
  CHECK_STR(diags(&f), "t.mlir:3:3: error: 'func.return' op has 0 operands, but enclosing "
                       "function (@a) returns 1\n");
  CHECK_STR(ran(), "");
  free(text);
  pm_free(&f);
  if (!pm_init(&f, "func.func @a() -> i32 {\n"
                   "  %0 = \"x.c\"() : () -> i32\n"
                   "  return %0 : i32\n"
                   "}\n"))
    return;
  flags.print_ir_after_all = false;
  flags.no_verify = true;
  sharc_pipeline_set_flags(f.pl, &flags);
  add(f.root, &breaker);
  add(f.root, &rec_module);
  CHECK(pm_run(&f));
  CHECK_STR(ran(), "m@builtin.module");
  pm_free(&f);
}

/* Marks the module `t.touched` (an attribute it already has changes nothing). */
static bool touch_module(sharc_op *op, const void *options, sharc_pass_run *run) {
  (void)options;
  (void)run;
  sharc_op_set_attr(op, "t.touched", sharc_attr_unit(sharc_op_context(op)));
  return true;
}

static const sharc_pass_def toucher = {.flag = "touch",
                                       .display_name = "TouchPass",
                                       .anchor = "builtin.module",
                                       .tools = SHARC_TOOL_ANY,
                                       .run = touch_module};

/* As MLIR skips the verifier after a pass that preserved everything, a pass
 * that leaves the IR as it was is not verified after; one that changes it
 * is, whole. The IR is broken behind the pass manager's back to see it. */
static void test_verify_only_changed_ir(void) {
  pm_fixture f;
  if (!pm_init(&f, "func.func @a() -> i32 {\n"
                   "  %0 = \"x.c\"() : () -> i32\n"
                   "  return %0 : i32\n"
                   "}\n"))
    return;
  sharc_op *func = sharc_block_first_op(sharc_region_first_block(sharc_op_region(f.module, 0)));
  sharc_op *ret = sharc_block_last_op(sharc_region_first_block(sharc_op_region(func, 0)));
  sharc_op_set_operands(ret, NULL, 0);
  add(f.root, &rec_module);
  CHECK(pm_run(&f));
  CHECK_STR(diags(&f), "");
  add(f.root, &toucher);
  CHECK(!pm_run(&f));
  CHECK_STR(diags(&f), "t.mlir:3:3: error: 'func.return' op has 0 operands, but enclosing "
                       "function (@a) returns 1\n");
  pm_free(&f);
}

static sharc_op *nth_func(sharc_op *module, unsigned n) {
  sharc_op *f = sharc_block_first_op(sharc_region_first_block(sharc_op_region(module, 0)));
  while (n-- && f)
    f = sharc_op_next(f);
  return f;
}

static void drop_func_return(sharc_op *func) {
  sharc_op *ret = sharc_block_last_op(sharc_region_first_block(sharc_op_region(func, 0)));
  sharc_op_set_operands(ret, NULL, 0);
}

/* Breaks the return of the module's first function (a change inside it). */
static bool break_first_func(sharc_op *op, const void *options, sharc_pass_run *run) {
  (void)options;
  (void)run;
  drop_func_return(nth_func(op, 0));
  return true;
}

/* Marks the module's first function `t.touched` (a change to a module-level op). */
static bool touch_first_func(sharc_op *op, const void *options, sharc_pass_run *run) {
  (void)options;
  (void)run;
  sharc_op_set_attr(nth_func(op, 0), "t.touched", sharc_attr_unit(sharc_op_context(op)));
  return true;
}

/* Erases the module's first function (a symbol the others may refer to). */
static bool erase_first_func(sharc_op *op, const void *options, sharc_pass_run *run) {
  (void)options;
  (void)run;
  sharc_op_erase(nth_func(op, 0));
  return true;
}

static const sharc_pass_def first_func_eraser = {.flag = "erase-first-func",
                                                 .display_name = "EraseFirstFuncPass",
                                                 .anchor = "builtin.module",
                                                 .tools = SHARC_TOOL_ANY,
                                                 .run = erase_first_func};
static const sharc_pass_def first_func_breaker = {.flag = "break-first-func",
                                                  .display_name = "BreakFirstFuncPass",
                                                  .anchor = "builtin.module",
                                                  .tools = SHARC_TOOL_ANY,
                                                  .run = break_first_func};
static const sharc_pass_def first_func_toucher = {.flag = "touch-first-func",
                                                  .display_name = "TouchFirstFuncPass",
                                                  .anchor = "builtin.module",
                                                  .tools = SHARC_TOOL_ANY,
                                                  .run = touch_first_func};

static const char two_funcs[] = "func.func @a() -> i32 {\n"
                                "  %0 = \"x.c\"() : () -> i32\n"
                                "  return %0 : i32\n"
                                "}\n"
                                "func.func @b() -> i32 {\n"
                                "  %0 = \"x.c\"() : () -> i32\n"
                                "  return %0 : i32\n"
                                "}\n";

/* Once the module verified, a pass that changes inside functions only has
 * those verified again: @b, broken with its change hidden from the
 * tracking, stays unseen, while the error the pass left in @a is reported.
 * A change to a module-level op (here @a's attributes, which other
 * functions' verifiers may read) verifies everything again. */
static void test_verify_changed_functions(void) {
  pm_fixture f;
  if (!pm_init(&f, two_funcs))
    return;
  add(f.root, &toucher);
  CHECK(pm_run(&f));
  CHECK(f.ctx->verify_root == f.module && !f.ctx->verify_all);
  sharc_op *b = nth_func(f.module, 1);
  drop_func_return(b);
  CHECK(b->verify_dirty);
  b->verify_dirty = false; /* its mark hidden (attrs_only alone would read as moved) */
  b->verify_attrs_only = false;
  add(f.root, &first_func_breaker);
  CHECK(!pm_run(&f));
  CHECK_STR(diags(&f), "t.mlir:3:3: error: 'func.return' op has 0 operands, but enclosing "
                       "function (@a) returns 1\n");
  pm_free(&f);

  if (!pm_init(&f, two_funcs))
    return;
  add(f.root, &toucher);
  CHECK(pm_run(&f));
  b = nth_func(f.module, 1);
  drop_func_return(b);
  b->verify_dirty = false; /* its mark hidden (attrs_only alone would read as moved) */
  b->verify_attrs_only = false;
  add(f.root, &first_func_toucher);
  CHECK(!pm_run(&f));
  CHECK_STR(diags(&f), "t.mlir:7:3: error: 'func.return' op has 0 operands, but enclosing "
                       "function (@b) returns 1\n");
  pm_free(&f);

  /* removing a function keeps its name, for marking what refers to it
   * when the module is verified next; adding one is a module-level change */
  if (!pm_init(&f, two_funcs))
    return;
  add(f.root, &toucher);
  CHECK(pm_run(&f));
  b = nth_func(f.module, 1);
  drop_func_return(b);
  b->verify_dirty = false; /* its mark hidden (attrs_only alone would read as moved) */
  b->verify_attrs_only = false;
  sharc_op *a = nth_func(f.module, 0);
  sharc_block *body = sharc_op_block(a);
  sharc_op_remove_from_parent(a);
  CHECK(!f.ctx->verify_all && f.ctx->verify_num_symbols_changed == 1 && f.module->verify_dirty);
  sharc_block_append_op(body, a);
  CHECK(f.ctx->verify_all);
  pm_free(&f);

  /* a call to a function a pass removed is found by its name */
  if (!pm_init(&f, "func.func private @a() -> i32\n"
                   "func.func @b() -> i32 {\n"
                   "  %0 = call @a() : () -> i32\n"
                   "  return %0 : i32\n"
                   "}\n"))
    return;
  add(f.root, &toucher);
  add(f.root, &first_func_eraser);
  CHECK(!pm_run(&f));
  CHECK_STR(diags(&f), "t.mlir:3:8: error: 'func.call' op 'a' does not reference a valid "
                       "function\n");
  pm_free(&f);
}

/* The change count moves with every edit of attached IR and stays put
 * when an edit sets what is already there. */
static void test_ir_epoch(void) {
  pm_fixture f;
  if (!pm_init(&f, "func.func @a(%x: i32) -> i32 {\n"
                   "  %0 = \"x.c\"(%x) : (i32) -> i32\n"
                   "  %1 = \"x.d\"() : () -> i32\n"
                   "  return %0 : i32\n"
                   "}\n"))
    return;
  sharc_op *func = sharc_block_first_op(sharc_region_first_block(sharc_op_region(f.module, 0)));
  sharc_block *body = sharc_region_first_block(sharc_op_region(func, 0));
  sharc_op *c = sharc_block_first_op(body), *d = sharc_op_next(c), *ret = sharc_op_next(d);
  uint64_t e = sharc_context_ir_epoch(f.ctx);
  sharc_op_set_attrs(c, sharc_op_attrs(c));
  sharc_op_set_operand(c, 0, sharc_block_arg(body, 0));
  sharc_op_set_loc(c, sharc_op_loc(c));
  sharc_value_set_type(sharc_op_result(c, 0), sharc_value_type(sharc_op_result(c, 0)));
  sharc_op_move_before(c, d);
  sharc_op_move_after(d, c);
  sharc_op_move_to_end(ret, body);
  sharc_value_replace_all_uses(sharc_op_result(d, 0), sharc_op_result(c, 0));
  CHECK(sharc_context_ir_epoch(f.ctx) == e);
  sharc_op_set_attr(c, "k", sharc_attr_unit(f.ctx));
  CHECK(sharc_context_ir_epoch(f.ctx) > e);
  e = sharc_context_ir_epoch(f.ctx);
  sharc_op_set_operand(ret, 0, sharc_op_result(d, 0));
  CHECK(sharc_context_ir_epoch(f.ctx) > e);
  e = sharc_context_ir_epoch(f.ctx);
  sharc_op_move_before(d, c);
  CHECK(sharc_context_ir_epoch(f.ctx) > e);
  e = sharc_context_ir_epoch(f.ctx);
  sharc_block_add_arg(body, sharc_value_type(sharc_op_result(c, 0)), NULL);
  CHECK(sharc_context_ir_epoch(f.ctx) > e);
  e = sharc_context_ir_epoch(f.ctx);
  sharc_op_erase(c);
  CHECK(sharc_context_ir_epoch(f.ctx) > e);
  pm_free(&f);
}

static void test_timing_report_layout(void) {
  pm_fixture f;
  if (!pm_init(&f, pm_text))
    return;
  add(f.root, &rec_func);
  CHECK(pm_run(&f));
  sharc_buf out = {0};
  sharc_pipeline_report_timing(f.pl, 0.25, 0.125, 1.0, &out);
  CHECK(starts_with(
      out.data, "===-------------------------------------------------------------------------===\n"
                "                         ... Execution time report ...\n"
                "===-------------------------------------------------------------------------===\n"
                "  Total Execution Time: 1.0000 seconds\n\n"
                "  ----Wall Time----  ----Name----\n"
                "    0.2500 ( 25.0%)  Parser\n"));
  CHECK(strstr(out.data, "    0.1250 ( 12.5%)  Output\n") != NULL);
  CHECK(strstr(out.data, "    1.0000 (100.0%)  Total\n") != NULL);
  sharc_buf_free(&out);
  pm_free(&f);
}

/* ======================================================================
 * The registry (ported from the old pass-table test)
 * ====================================================================== */

/* Pass flags in the sdy_opt RUN lines of the conformance corpus. */
static const char *const sdy_corpus_flags[] = {
    "canonicalize",
    "sdy-add-data-flow-edges",
    "sdy-add-func-data-flow-edges",
    "sdy-aggressive-propagate",
    "sdy-apply-sharding-constraints",
    "sdy-basic-propagate",
    "sdy-close-shardings",
    "sdy-constant-or-scalar-merger",
    "sdy-constant-or-scalar-splitter",
    "sdy-convert-global-to-local",
    "sdy-drop-sharding-rules",
    "sdy-explicit-gather-scatter-batching",
    "sdy-export-pipeline",
    "sdy-flatten-call-graph",
    "sdy-import-func-calls",
    "sdy-import-pipeline",
    "sdy-inline-meshes",
    "sdy-insert-explicit-reshards",
    "sdy-insert-func-call-reshards",
    "sdy-lift-inlined-meshes",
    "sdy-manual-axes-cleanup",
    "sdy-op-priority-propagate",
    "sdy-pad-for-divisibility",
    "sdy-per-instruction-partitioning",
    "sdy-populate-op-sharding-rules",
    "sdy-propagate-sharding-from-func-to-call",
    "sdy-propagate-to-func-results",
    "sdy-propagation-pipeline",
    "sdy-remove-all-gather-reduce-scatter-for-cmv1",
    "sdy-remove-propagation-debug-info",
    "sdy-remove-size-one-axes",
    "sdy-remove-sub-axes-in-input-output-shardings",
    "sdy-reshard-to-collectives",
    "sdy-resolve-permutation-factors",
    "sdy-resolve-single-device-sharding",
    "sdy-sharding-constraint-to-reshard",
    "sdy-sharding-group-import",
    "sdy-sink-data-flow-edges",
    "sdy-sink-func-data-flow-edges",
    "sdy-unflatten-call-graph",
    "sdy-update-non-divisible-input-output-shardings",
    "sdy-user-priority-propagate",
    "sdy-verify-unreduced-axes",
    "sdy-drop-sharding-and-mesh",
};

/* Pass flags in the mpmd_opt RUN lines (symbol-dce, MLIR's own, aside). */
static const char *const mpmd_corpus_flags[] = {
    "canonicalize",
    "mpmd-absorb-inferred-fragments",
    "mpmd-call-inline",
    "mpmd-convert-sdy-shardings-to-mpmd-types",
    "mpmd-copy-topology-from-main",
    "mpmd-delay-transfers-from-cpu",
    "mpmd-enforce-user-shardings",
    "mpmd-erase-unused-callee-block-arguments",
    "mpmd-export-pipeline",
    "mpmd-extract-reshards-from-inter-mesh-transfers",
    "mpmd-fragment-dce",
    "mpmd-fragment-dedup",
    "mpmd-from-unroll-to-call-counter",
    "mpmd-generate-sdy-meshes-from-topology",
    "mpmd-import-pipeline",
    "mpmd-infer-mesh-assign-mesh-func-leaves",
    "mpmd-infer-mesh-assign-using-input-output-constraints",
    "mpmd-infer-mesh-convert-reduce-ops",
    "mpmd-infer-mesh-finalize",
    "mpmd-infer-mesh-pipeline",
    "mpmd-infer-mesh-populate-src-set",
    "mpmd-infer-mesh-rewrite-using-analysis",
    "mpmd-infer-mesh-validate-no-additional-transfers-needed",
    "mpmd-infer-mesh-validate-src-set-not-empty",
    "mpmd-inline-nested-user-exposed-ops",
    "mpmd-insert-nameless-clone-of-negligible-ops",
    "mpmd-introduce-transfers",
    "mpmd-lower-to-fragment-calls",
    "mpmd-map-input-output-to-mesh",
    "mpmd-map-named-ops-to-mpmd-ops",
    "mpmd-mark-aliasing-and-donation",
    "mpmd-mark-fragment-reserved-memory",
    "mpmd-mark-input-output-with-layouts",
    "mpmd-mark-offloaded-input-output",
    "mpmd-merge-forward-with-backward",
    "mpmd-merge-inferred-fragments",
    "mpmd-merge-transfers",
    "mpmd-merge-user-fragments-into-scheduling-units",
    "mpmd-move-transfers-to-producer",
    "mpmd-optimize-pipeline",
    "mpmd-remat-fragment",
    "mpmd-remove-transfer-cycles",
    "mpmd-rule-based-merge",
    "mpmd-rule-based-schedule",
    "mpmd-scheduling-units-verifier",
    "mpmd-sharding-propagation-pipeline",
    "mpmd-simplify-program",
    "mpmd-sink-create-token-into-fragments",
    "mpmd-sink-negligible-ops-into-call-op",
    "mpmd-split-and-prioritize-transfer-independent-computations",
    "mpmd-uniquify-function-inputs-outputs",
    "mpmd-unroll-for-loops",
    "mpmd-validate-no-backward-deps",
    "mpmd-validate-no-inferred-fragments",
    "mpmd-validate-no-param-transfers",
    "mpmd-validate-no-reshards",
    "mpmd-verify-stage-merging",
    "sdy-add-data-flow-edges",
    "sdy-sink-data-flow-edges",
};

/* Driver flags of the RUN lines that are not passes. */
static const char *const non_pass_flags[] = {
    "split-input-file",
    "verify-diagnostics",
    "allow-unregistered-dialect",
    "mlir-diagnostic-verbosity-level",
    "pass-pipeline",
    "",
    "-canonicalize",
};

/* {pass, option} pairs given in RUN lines (`-pass='opt=value ...'`). */
static const char *const corpus_options[][2] = {
    {"mpmd-import-pipeline", "enable-heterogeneous-meshes"},
    {"mpmd-import-pipeline", "merge-after-scheduling"},
    {"mpmd-import-pipeline", "name-to-mesh-assignment"},
    {"mpmd-infer-mesh-assign-mesh-func-leaves", "infer-transfers"},
    {"mpmd-infer-mesh-assign-using-input-output-constraints", "constraints"},
    {"mpmd-infer-mesh-convert-reduce-ops", "infer-cross-mesh-reductions"},
    {"mpmd-infer-mesh-pipeline", "infer-cross-mesh-reductions"},
    {"mpmd-infer-mesh-pipeline", "infer-transfers"},
    {"mpmd-infer-mesh-rewrite-using-analysis", "max-clones"},
    {"mpmd-infer-mesh-validate-src-set-not-empty", "error-limit"},
    {"mpmd-inline-nested-user-exposed-ops", "assignment"},
    {"mpmd-lower-to-fragment-calls", "verbose-logging"},
    {"mpmd-map-input-output-to-mesh", "input-assignment"},
    {"mpmd-map-input-output-to-mesh", "output-assignment"},
    {"mpmd-map-named-ops-to-mpmd-ops", "assignment"},
    {"mpmd-merge-inferred-fragments", "merge-any-consumer"},
    {"mpmd-optimize-pipeline", "merge-after-scheduling"},
    {"mpmd-optimize-pipeline", "pipeline-schedule"},
    {"mpmd-remat-fragment", "merge-remat-fragments"},
    {"mpmd-rule-based-merge", "rules"},
    {"mpmd-rule-based-schedule", "rules"},
    {"mpmd-uniquify-function-inputs-outputs", "use-transfer-instead-of-fragment"},
    {"mpmd-validate-no-inferred-fragments", "fail-on-inferred-fragments"},
    {"mpmd-validate-no-param-transfers", "fail-on-param-transfers"},
    {"mpmd-validate-no-reshards", "fail-on-reshard-only-fragments"},
    {"sdy-aggressive-propagate", "debug-propagation-edge-sharding"},
    {"sdy-aggressive-propagate", "debug-sharding-origins"},
    {"sdy-aggressive-propagate", "propagation-strategy"},
    {"sdy-apply-sharding-constraints", "debug-propagation-edge-sharding"},
    {"sdy-apply-sharding-constraints", "debug-sharding-origins"},
    {"sdy-basic-propagate", "conservative-propagation"},
    {"sdy-basic-propagate", "keep-sharding-rules"},
    {"sdy-convert-global-to-local", "combine-multi-dimension-reduce-scatter"},
    {"sdy-convert-global-to-local", "enable-rgv3"},
    {"sdy-convert-global-to-local", "partition-count"},
    {"sdy-convert-global-to-local", "replica-count"},
    {"sdy-export-pipeline", "enable-insert-explicit-collectives"},
    {"sdy-export-pipeline", "remove-all-gather-reduce-scatter-for-cmv1"},
    {"sdy-import-func-calls", "add-data-flow-edges-on-named-computations"},
    {"sdy-import-pipeline", "dedup-functions-fully"},
    {"sdy-insert-explicit-reshards", "enable-full-version"},
    {"sdy-per-instruction-partitioning", "filter"},
    {"sdy-populate-op-sharding-rules", "conservative-propagation"},
    {"sdy-propagation-pipeline", "dedup-functions-fully"},
    {"sdy-reshard-to-collectives", "keep-redundant-reshards"},
    {"sdy-resolve-permutation-factors", "enable-halo-exchange"},
    {"sdy-resolve-permutation-factors", "partition-count"},
    {"sdy-resolve-permutation-factors", "replica-count"},
    {"sdy-resolve-single-device-sharding", "partition-count"},
    {"sdy-resolve-single-device-sharding", "replica-count"},
    {"sdy-sink-data-flow-edges", "sink-debug-propagation-edge-sharding"},
    {"sdy-sink-data-flow-edges", "sink-debug-sharding-origins"},
    {"sdy-unflatten-call-graph", "dedup-functions-fully"},
};

static bool is_pipeline_def(const sharc_pass_def *d) {
  return d->build || (!d->run && strstr(d->flag, "-pipeline"));
}

static const sharc_option_def *find_option_def(const sharc_pass_def *d, const char *name) {
  for (unsigned i = 0; d && i < d->num_options; i++)
    if (strcmp(d->options[i].name, name) == 0)
      return &d->options[i];
  return NULL;
}

static void test_registry_invariants(void) {
  unsigned n;
  const sharc_pass_def *const *defs = sharc_pass_registry(&n);
  CHECK(n > 100);
  unsigned bad_order = 0, dups = 0, bad_fields = 0, bad_tools = 0, bad_options = 0;
  bool seen_pipeline = false;
  for (unsigned i = 0; i < n; i++) {
    const sharc_pass_def *d = defs[i];
    if (!d->flag || !*d->flag || d->flag[0] == '-' || !d->summary || !d->tools ||
        (d->tools & ~(SHARC_TOOL_ANY | SHARC_TOOL_STABLEHLO_OPT)) ||
        (d->num_options == 0) != (d->options == NULL))
      bad_fields++;
    /* --help order: passes by flag, then pipelines by flag */
    if (is_pipeline_def(d)) {
      if (seen_pipeline && strcmp(defs[i - 1]->flag, d->flag) >= 0)
        bad_order++;
      seen_pipeline = true;
    } else if (seen_pipeline || (i > 0 && strcmp(defs[i - 1]->flag, d->flag) >= 0)) {
      bad_order++;
    }
    for (unsigned j = 0; j < i; j++)
      dups += strcmp(defs[j]->flag, d->flag) == 0;
    /* sdy passes are both tools', mpmd passes only mpmd_opt's */
    if (strncmp(d->flag, "sdy-", 4) == 0 && d->tools != SHARC_TOOL_ANY)
      bad_tools++;
    if (strncmp(d->flag, "mpmd-", 5) == 0 && d->tools != SHARC_TOOL_MPMD_OPT)
      bad_tools++;
    for (unsigned k = 0; k < d->num_options; k++) {
      const sharc_option_def *o = &d->options[k];
      if (!o->name || !*o->name || !o->description || find_option_def(d, o->name) != o)
        bad_options++;
      if (o->kind == SHARC_OPT_CUSTOM && !o->type_name)
        bad_options++;
    }
    if (sharc_pass_is_implemented(d) && d->run && !d->display_name)
      bad_fields++;
  }
  CHECK(bad_fields == 0);
  CHECK(bad_order == 0);
  CHECK(dups == 0);
  CHECK(bad_tools == 0);
  CHECK(bad_options == 0);
}

static void test_registry_lookup(void) {
  const sharc_pass_def *p = sharc_pass_lookup("sdy-basic-propagate", SHARC_TOOL_SDY_OPT);
  CHECK(p != NULL);
  CHECK(sharc_pass_lookup("sdy-basic-propagate", SHARC_TOOL_MPMD_OPT) == p);
  CHECK(p && sharc_pass_is_implemented(p) && strcmp(p->anchor, "builtin.module") == 0);
  CHECK(sharc_pass_lookup("mpmd-fragment-dce", SHARC_TOOL_SDY_OPT) == NULL);
  p = sharc_pass_lookup("mpmd-fragment-dce", SHARC_TOOL_MPMD_OPT);
  CHECK(p != NULL && sharc_pass_lookup("mpmd-fragment-dce", SHARC_TOOL_ANY) == p);
  CHECK(sharc_pass_lookup("mpmd-import-pipeline", SHARC_TOOL_SDY_OPT) == NULL);
  CHECK(sharc_pass_lookup("canonicalize", 0) == NULL);
  p = sharc_pass_lookup("canonicalize", SHARC_TOOL_SDY_OPT);
  CHECK(p && sharc_pass_is_implemented(p) && p->anchor == NULL);
  CHECK(p && p->tools == (SHARC_TOOL_ANY | SHARC_TOOL_STABLEHLO_OPT));
  CHECK(sharc_pass_lookup("canonicalize", SHARC_TOOL_STABLEHLO_OPT) == p);
  CHECK(sharc_pass_lookup("sdy-basic-propagate", SHARC_TOOL_STABLEHLO_OPT) == NULL);
  CHECK(sharc_pass_lookup("vhlo-to-version", SHARC_TOOL_SDY_OPT) == NULL);
  CHECK(sharc_pass_lookup("vhlo-to-version", SHARC_TOOL_STABLEHLO_OPT) != NULL);
  CHECK(p && strcmp(p->display_name, "Canonicalizer") == 0);
  CHECK(p && find_option_def(p, "top-down") && find_option_def(p, "region-simplify") &&
        find_option_def(p, "max-num-rewrites") && p->num_options == 7);
  p = sharc_pass_lookup("sdy-populate-op-sharding-rules", SHARC_TOOL_SDY_OPT);
  CHECK(p && p->anchor && strcmp(p->anchor, "func.func") == 0 && sharc_pass_is_implemented(p));
  p = sharc_pass_lookup("sdy-propagation-pipeline", SHARC_TOOL_SDY_OPT);
  CHECK(p && is_pipeline_def(p));
}

static void test_corpus_flags_known(void) {
  for (unsigned i = 0; i < sizeof sdy_corpus_flags / sizeof *sdy_corpus_flags; i++) {
    const sharc_pass_def *p = sharc_pass_lookup(sdy_corpus_flags[i], SHARC_TOOL_SDY_OPT);
    if (!p)
      fprintf(stderr, "sdy_opt flag missing: %s\n", sdy_corpus_flags[i]);
    CHECK(p != NULL);
  }
  for (unsigned i = 0; i < sizeof mpmd_corpus_flags / sizeof *mpmd_corpus_flags; i++) {
    const sharc_pass_def *p = sharc_pass_lookup(mpmd_corpus_flags[i], SHARC_TOOL_MPMD_OPT);
    if (!p)
      fprintf(stderr, "mpmd_opt flag missing: %s\n", mpmd_corpus_flags[i]);
    CHECK(p != NULL);
  }
  for (unsigned i = 0; i < sizeof non_pass_flags / sizeof *non_pass_flags; i++)
    CHECK(sharc_pass_lookup(non_pass_flags[i], SHARC_TOOL_ANY) == NULL);
  for (unsigned i = 0; i < sizeof corpus_options / sizeof *corpus_options; i++) {
    const sharc_option_def *o = find_option_def(
        sharc_pass_lookup(corpus_options[i][0], SHARC_TOOL_ANY), corpus_options[i][1]);
    if (!o)
      fprintf(stderr, "option missing: %s{%s}\n", corpus_options[i][0], corpus_options[i][1]);
    CHECK(o != NULL);
  }
}

/* ======================================================================
 * The call graph
 * ====================================================================== */

static const char calls_text[] = "func.func @main(%arg0: i32) {\n"
                                 "  %0 = call @f(%arg0) : (i32) -> i32\n"
                                 "  \"x.region\"() ({\n"
                                 "    %1 = func.call @h(%arg0) : (i32) -> i32\n"
                                 "    \"x.end\"() : () -> ()\n"
                                 "  }) : () -> ()\n"
                                 "  %2 = call @nowhere(%arg0) : (i32) -> i32\n"
                                 "  %3 = call @g(%0) : (i32) -> i32\n"
                                 "  return\n"
                                 "}\n"
                                 "func.func @f(%arg0: i32) -> i32 {\n"
                                 "  %0 = call @g(%arg0) : (i32) -> i32\n"
                                 "  return %0 : i32\n"
                                 "}\n"
                                 "func.func @g(%arg0: i32) -> i32 {\n"
                                 "  %0 = call @h(%arg0) : (i32) -> i32\n"
                                 "  return %0 : i32\n"
                                 "}\n"
                                 "func.func private @h(i32) -> i32\n"
                                 "func.func @lonely() {\n"
                                 "  return\n"
                                 "}\n";

static sharc_op *fn(sharc_op *module, const char *name) {
  return sharc_symbol_lookup(module, sharc_str_from_cstr(name));
}

static char *names_of(sharc_op **ops, unsigned n) {
  sharc_buf b = {0};
  for (unsigned i = 0; i < n; i++)
    sharc_buf_printf(&b, "%s%s", i ? " " : "", ops[i] ? sharc_op_symbol_name(ops[i]).data : "-");
  if (!b.data)
    sharc_buf_puts(&b, "");
  return b.data;
}

static void test_call_graph(void) {
  sharc_context *ctx = sharc_context_create();
  sharc_context_set_allow_unregistered(ctx, true);
  sharc_op *m = parse_text(ctx, calls_text);
  CHECK(m != NULL);
  if (!m) {
    sharc_context_destroy(ctx);
    return;
  }
  sharc_call_graph *cg = sharc_call_graph_build(m);
  CHECK(sharc_call_graph_size(cg) == 5);
  CHECK(sharc_call_graph_func(cg, 0) == fn(m, "main"));
  int main_i = sharc_call_graph_index(cg, fn(m, "main")),
      h_i = sharc_call_graph_index(cg, fn(m, "h"));
  int g_i = sharc_call_graph_index(cg, fn(m, "g"));
  CHECK(main_i == 0 && g_i == 2 && h_i == 3);
  CHECK(sharc_call_graph_index(cg, m) == -1);
  /* main's calls in walk order, the nested one included, the unknown one too */
  CHECK(sharc_call_graph_num_calls(cg, 0) == 4);
  sharc_op *nested_call = sharc_call_graph_call(cg, 0, 1);
  CHECK(sharc_call_graph_callee(cg, nested_call) == fn(m, "h"));
  CHECK(sharc_op_is(sharc_op_parent_op(nested_call), "x.region"));
  CHECK(sharc_call_graph_callee(cg, sharc_call_graph_call(cg, 0, 2)) == NULL); /* @nowhere */
  CHECK(sharc_call_graph_callee(cg, sharc_call_graph_call(cg, 0, 3)) == fn(m, "g"));
  /* callers of g: main's and f's calls; of h: main (nested) and g */
  CHECK(sharc_call_graph_num_callers(cg, (unsigned)g_i) == 2);
  CHECK(sharc_call_graph_num_callers(cg, (unsigned)h_i) == 2);
  CHECK(sharc_call_graph_caller(cg, (unsigned)h_i, 0) == nested_call);
  CHECK(sharc_call_graph_num_callers(cg, 0) == 0 && sharc_call_graph_num_calls(cg, 4) == 0);
  /* callees first: from the roots (main, lonely) in module order */
  sharc_op *order[5], *cycle = (sharc_op *)1;
  CHECK(sharc_call_graph_post_order(cg, order, &cycle));
  CHECK(cycle == NULL);
  char *names = names_of(order, 5);
  CHECK_STR(names, "h g f main lonely");
  free(names);
  sharc_call_graph_destroy(cg);
  sharc_context_destroy(ctx);
}

static void test_call_graph_cycles(void) {
  sharc_context *ctx = sharc_context_create();
  sharc_op *m = parse_text(ctx, "func.func @r() {\n"
                                "  call @p() : () -> ()\n"
                                "  return\n"
                                "}\n"
                                "func.func @p() {\n"
                                "  call @q() : () -> ()\n"
                                "  return\n"
                                "}\n"
                                "func.func @q() {\n"
                                "  call @p() : () -> ()\n"
                                "  return\n"
                                "}\n"
                                "func.func @s() {\n"
                                "  call @s() : () -> ()\n"
                                "  return\n"
                                "}\n");
  CHECK(m != NULL);
  if (!m) {
    sharc_context_destroy(ctx);
    return;
  }
  sharc_call_graph *cg = sharc_call_graph_build(m);
  sharc_op *order[4], *cycle = NULL;
  CHECK(!sharc_call_graph_post_order(cg, order, &cycle));
  CHECK(cycle == fn(m, "p")); /* the first function found on a cycle */
  char *names = names_of(order, 4);
  CHECK_STR(names, "q p r s"); /* every function still listed once */
  free(names);
  sharc_call_graph_destroy(cg);
  sharc_context_destroy(ctx);
  /* a cycle no root reaches, and self-recursion */
  ctx = sharc_context_create();
  m = parse_text(ctx, "func.func @s() {\n"
                      "  call @s() : () -> ()\n"
                      "  return\n"
                      "}\n");
  cg = m ? sharc_call_graph_build(m) : NULL;
  if (cg) {
    CHECK(!sharc_call_graph_post_order(cg, order, &cycle));
    CHECK(cycle == fn(m, "s"));
    CHECK(sharc_call_graph_num_callers(cg, 0) == 1);
  }
  sharc_call_graph_destroy(cg);
  sharc_context_destroy(ctx);
}

/* MLIR's CallGraph: nodes 0 and 1 (external, unknown), a node per function
 * with a body, callees' components before their callers' as
 * llvm::scc_iterator gives them, a cycle in one component. */
static void test_call_graph_regions(void) {
  sharc_context *ctx = sharc_context_create();
  sharc_op *m = parse_text(ctx, "func.func @main() {\n"
                                "  call @p() : () -> ()\n"
                                "  call @decl() : () -> ()\n"
                                "  return\n"
                                "}\n"
                                "func.func @p() {\n"
                                "  call @q() : () -> ()\n"
                                "  return\n"
                                "}\n"
                                "func.func @q() {\n"
                                "  call @p() : () -> ()\n"
                                "  return\n"
                                "}\n"
                                "func.func private @decl()\n");
  CHECK(m != NULL);
  if (!m) {
    sharc_context_destroy(ctx);
    return;
  }
  sharc_call_graph *cg = sharc_call_graph_build_regions(m);
  CHECK(sharc_call_graph_size(cg) == 5); /* external, unknown, main, p, q */
  CHECK(sharc_call_graph_func(cg, SHARC_CG_EXTERNAL_NODE) == NULL);
  int main_i = sharc_call_graph_node_of_callable(cg, fn(m, "main"));
  int p_i = sharc_call_graph_node_of_callable(cg, fn(m, "p"));
  CHECK(main_i == 2 && p_i == 3);
  CHECK(sharc_call_graph_node_of_callable(cg, fn(m, "decl")) == -1);
  CHECK(sharc_call_graph_num_edges(cg, SHARC_CG_EXTERNAL_NODE) == 3);
  CHECK(sharc_call_graph_edge_kind(cg, SHARC_CG_EXTERNAL_NODE, 0) == SHARC_CG_EDGE_ABSTRACT);
  /* main calls p, then the declaration: the unknown node */
  CHECK(sharc_call_graph_num_edges(cg, (unsigned)main_i) == 2);
  CHECK(sharc_call_graph_edge_target(cg, (unsigned)main_i, 0) == (unsigned)p_i);
  CHECK(sharc_call_graph_edge_target(cg, (unsigned)main_i, 1) == SHARC_CG_UNKNOWN_NODE);
  CHECK(sharc_call_graph_parent(cg, (unsigned)p_i) == -1);
  unsigned nodes[5], ends[5];
  unsigned n = sharc_call_graph_sccs(cg, nodes, ends);
  /* {q, p}, {unknown}, {main}, {external} */
  CHECK(n == 4);
  CHECK(ends[0] == 2 && nodes[0] == 4 && nodes[1] == 3);
  CHECK(ends[1] == 3 && nodes[2] == SHARC_CG_UNKNOWN_NODE);
  CHECK(ends[2] == 4 && nodes[3] == (unsigned)main_i);
  CHECK(ends[3] == 5 && nodes[4] == SHARC_CG_EXTERNAL_NODE);
  sharc_call_graph_destroy(cg);
  /* the module's graph: the cycle search stops at the call closing it */
  cg = sharc_call_graph_build(m);
  sharc_op *back = sharc_call_graph_find_cycle(cg, NULL);
  CHECK(back && sharc_call_graph_callee(cg, back) == fn(m, "p"));
  sharc_call_graph_destroy(cg);
  sharc_context_destroy(ctx);
}

/* A pass's call graph is built once and rebuilt after the pass's rewriter
 * changes the IR. */
static unsigned graph_checks;

static bool use_call_graph(sharc_op *op, const void *options, sharc_pass_run *run) {
  (void)options;
  sharc_call_graph *cg = sharc_pass_call_graph(run);
  CHECK(sharc_pass_call_graph(run) == cg);
  CHECK(sharc_call_graph_num_calls(cg, 0) == 2);
  sharc_rewriter rw;
  sharc_pass_rewriter(run, &rw, NULL);
  sharc_op *main_fn = sharc_call_graph_func(cg, 0);
  sharc_rw_erase_op(&rw,
                    sharc_block_first_op(sharc_region_first_block(sharc_op_region(main_fn, 0))));
  cg = sharc_pass_call_graph(run);
  CHECK(sharc_call_graph_num_calls(cg, 0) == 1);
  CHECK(sharc_pass_listener(run) != NULL);
  /* another attribute of a call leaves the graph; a new callee drops it */
  sharc_op *call = sharc_call_graph_call(cg, 0, 0);
  sharc_context *ctx = sharc_op_context(op);
  sharc_rw_set_attr(&rw, call, "some.attr", sharc_attr_unit(ctx));
  CHECK(sharc_pass_call_graph(run) == cg);
  sharc_rw_set_attr(&rw, call, "callee",
                    sharc_attr_symbol_ref(ctx, sharc_ident_get(ctx, SHARC_STR("g")), NULL, 0));
  cg = sharc_pass_call_graph(run);
  CHECK(sharc_call_graph_callee(cg, call) == sharc_call_graph_func(cg, 2));
  CHECK(sharc_call_graph_num_callers(cg, 1) == 0 && sharc_call_graph_num_callers(cg, 2) == 1);
  graph_checks++;
  return true;
}

static const sharc_pass_def graph_user = {.flag = "graph-user",
                                          .display_name = "GraphUser",
                                          .anchor = "builtin.module",
                                          .tools = SHARC_TOOL_ANY,
                                          .run = use_call_graph};

static void test_pass_call_graph(void) {
  pm_fixture f;
  if (!pm_init(&f, "func.func @main() {\n"
                   "  call @f() : () -> ()\n"
                   "  call @f() : () -> ()\n"
                   "  return\n"
                   "}\n"
                   "func.func @f() {\n"
                   "  return\n"
                   "}\n"
                   "func.func @g() {\n"
                   "  return\n"
                   "}\n"))
    return;
  add(f.root, &graph_user);
  graph_checks = 0;
  CHECK(pm_run(&f));
  CHECK(graph_checks == 1);
  pm_free(&f);
}

int main(void) {
  test_number_options();
  test_double_option();
  test_bool_option();
  test_string_enum_custom_options();
  test_list_options();
  test_option_string_reader();
  test_option_struct();
  test_cli_add();
  test_textual_pipeline_errors();
  test_textual_pipeline_accepted();
  test_nested_run_order();
  test_implicit_nesting();
  test_adjacent_nested_merge();
  test_any_pass_manager();
  test_op_name_pass_manager();
  test_unschedulable_ops();
  test_failing_pass();
  test_diagnostic_order();
  test_deferred_diagnostics();
  test_anchor_mismatch();
  test_print_ir();
  test_verify_after_pass();
  test_verify_only_changed_ir();
  test_verify_changed_functions();
  test_ir_epoch();
  test_timing_report_layout();
  test_registry_invariants();
  test_registry_lookup();
  test_corpus_flags_known();
  test_call_graph();
  test_call_graph_cycles();
  test_call_graph_regions();
  test_pass_call_graph();
  sharc_buf_free(&run_log);
  return check_summary("pass");
}
