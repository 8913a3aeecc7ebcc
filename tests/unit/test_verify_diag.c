/* Unit tests for the -verify-diagnostics checker. The file-level expectations are
 * transcripts of `mlir-opt-22 --verify-diagnostics t.mlir` (stderr and exit
 * status) on exactly the source shown, whose diagnostics come from the
 * func.return ops with the explicit locations listed in each `d` array. */
#include "support/verify_diag.h"
#include "support/regex.h"

#include <stdlib.h>
#include <string.h>

#include "check.h"

/* The message of the func.return verifier error planted in each case. */
#define RET(fn) "'func.return' op has 0 operands, but enclosing function (@" fn ") returns 1"
/* That error for function @fn at line:col of t.mlir (0:0 = loc(unknown)). */
#define AT(l, c, fn)                                                                               \
  { .severity = 0, .line = l, .col = c, .message = RET(fn) }

/* Runs the checker the way mlir-opt does at the given level. */
static void check_case(const char *src, const sharc_vd_diag *d, size_t n, sharc_vd_level level,
                       bool want_ok, const char *want_out) {
  sharc_buf out = {0};
  bool ok;
  if (level == SHARC_VD_ALL) {
    ok = sharc_verify_diagnostics("t.mlir", src, strlen(src), d, n, &out);
  } else {
    sharc_vd *vd = sharc_vd_new("t.mlir", src, strlen(src), level, &out);
    for (size_t i = 0; i < n; i++)
      sharc_vd_process(vd, &d[i], &out);
    ok = sharc_vd_verify(vd, &out);
    (void)sharc_vd_verify(vd, &out);
    sharc_vd_free(vd);
  }
  CHECK(ok == want_ok);
  CHECK_STR(out.data ? out.data : "", want_out);
  sharc_buf_free(&out);
}

static void test_all_designators_match(void) {
  static const char src[] = "// expected-error @below {{(@a)}}\n"
                            "// expected-error @below {{(@b)}}\n"
                            "// plain line\n"
                            "// expected-error @above {{(@h)}}\n"
                            "// expected-error@+2 {{(@c)}}\n"
                            "// expected-error@-5 {{(@d)}}\n"
                            "\n"
                            "// expected-error @unknown {{(@e)}}\n"
                            "// expected-error-re {{op has {{[0-9]+}} operands}}\n"
                            "// expected-error@+010 {{(@g)}}\n"
                            "func.func @a() -> i32 {\n"
                            "  func.return loc(\"t.mlir\":3:1)\n"
                            "}\n"
                            "func.func @b() -> i32 {\n"
                            "  func.return loc(\"t.mlir\":3:4)\n"
                            "}\n"
                            "func.func @c() -> i32 {\n"
                            "  func.return loc(\"t.mlir\":7:1)\n"
                            "}\n"
                            "func.func @d() -> i32 {\n"
                            "  func.return loc(\"t.mlir\":1:1)\n"
                            "}\n"
                            "func.func @e() -> i32 {\n"
                            "  func.return loc(unknown)\n"
                            "}\n"
                            "func.func @f() -> i32 {\n"
                            "  func.return loc(\"t.mlir\":9:5)\n"
                            "}\n"
                            "func.func @g() -> i32 {\n"
                            "  func.return loc(\"t.mlir\":18:1)\n"
                            "}\n"
                            "func.func @h() -> i32 {\n"
                            "  func.return loc(\"t.mlir\":3:9)\n"
                            "}\n";
  static const sharc_vd_diag d[] = {AT(3, 1, "a"), AT(3, 4, "b"), AT(7, 1, "c"),  AT(1, 1, "d"),
                                    AT(0, 0, "e"), AT(9, 5, "f"), AT(18, 1, "g"), AT(3, 9, "h")};
  check_case(src, d, sizeof d / sizeof *d, SHARC_VD_ALL, true, "");
}

static void test_unexpected_and_missing(void) {
  static const char src[] = "// expected-error {{has 0 operands}}\n"
                            "\n"
                            "// expected-warning @+1 {{nothing}}\n"
                            "// expected-error @below {{zz}}\n"
                            "func.func @a() -> i32 {\n"
                            "  func.return loc(\"t.mlir\":2:1)\n"
                            "}\n"
                            "func.func @b() -> i32 {\n"
                            "  func.return loc(\"t.mlir\":5:3)\n"
                            "}\n"
                            "func.func @c() -> i32 {\n"
                            "  func.return loc(\"t.mlir\":1:4)\n"
                            "}\n";
  static const sharc_vd_diag d[] = {AT(2, 1, "a"), AT(5, 3, "b"), AT(1, 4, "c")};
  check_case(src, d, sizeof d / sizeof *d, SHARC_VD_ALL, false,
             "t.mlir:2:1: error: unexpected error: 'func.return' op has 0 operands, but enclosing "
             "function (@a) returns 1\n"
             "\n"
             "^\n"
             "t.mlir:5:3: error: unexpected error: 'func.return' op has 0 operands, but enclosing "
             "function (@b) returns 1\n"
             "func.func @a() -> i32 {\n"
             "  ^\n"
             "t.mlir:3:4: error: expected warning \"nothing\" was not produced\n"
             "// expected-warning @+1 {{nothing}}\n"
             "   ^~~~~~~\n"
             "t.mlir:4:4: error: expected error \"zz\" was not produced\n"
             "// expected-error @below {{zz}}\n"
             "   ^~\n");
}

static void test_absorb_repeats(void) {
  static const char src[] = "// expected-error {{has 0 operands}}\n"
                            "// expected-error {{has 0 operands}}\n"
                            "// expected-error {{has 0 operands}}\n"
                            "func.func @a() -> i32 {\n"
                            "  func.return loc(\"t.mlir\":1:1)\n"
                            "}\n"
                            "func.func @b() -> i32 {\n"
                            "  func.return loc(\"t.mlir\":1:5)\n"
                            "}\n"
                            "func.func @c() -> i32 {\n"
                            "  func.return loc(\"t.mlir\":3:1)\n"
                            "}\n";
  static const sharc_vd_diag d[] = {AT(1, 1, "a"), AT(1, 5, "b"), AT(3, 1, "c")};
  check_case(src, d, sizeof d / sizeof *d, SHARC_VD_ALL, false,
             "t.mlir:2:4: error: expected error \"has 0 operands\" was not produced\n"
             "// expected-error {{has 0 operands}}\n"
             "   ^~~~~~~~~~~~~~\n");
}

static void test_near_miss(void) {
  static const char src[] = "// expected-warning {{(@a)}}\n"
                            "// expected-note {{(@a)}}\n"
                            "// expected-remark @unknown {{(@b)}}\n"
                            "func.func @a() -> i32 {\n"
                            "  func.return loc(\"t.mlir\":1:1)\n"
                            "}\n"
                            "func.func @b() -> i32 {\n"
                            "  func.return loc(unknown)\n"
                            "}\n";
  static const sharc_vd_diag d[] = {AT(1, 1, "a"), AT(0, 0, "b")};
  check_case(src, d, sizeof d / sizeof *d, SHARC_VD_ALL, false,
             "t.mlir:1:4: error: 'error' diagnostic emitted when expecting a 'warning'\n"
             "// expected-warning {{(@a)}}\n"
             "   ^\n"
             "<unknown>:0: error: 'error' diagnostic emitted when expecting a 'remark'\n"
             "t.mlir:1:4: error: expected warning \"(@a)\" was not produced\n"
             "// expected-warning {{(@a)}}\n"
             "   ^~~~\n"
             "t.mlir:2:4: error: expected note \"(@a)\" was not produced\n"
             "// expected-note {{(@a)}}\n"
             "   ^~~~\n"
             "<unknown>:0: error: expected remark \"(@b)\" was not produced\n"
             "<unknown>:0: error: expected remark \"(@b)\" was not produced\n");
}

static void test_unknown_twice_and_locs(void) {
  static const char src[] = "// expected-error @unknown {{never}}\n"
                            "// expected-note @unknown {{(@a)}}\n"
                            "func.func @a() -> i32 {\n"
                            "  func.return loc(unknown)\n"
                            "}\n"
                            "func.func @b() -> i32 {\n"
                            "  func.return loc(\"foo\")\n"
                            "}\n"
                            "func.func @c() -> i32 {\n"
                            "  func.return loc(\"other.mlir\":2:7)\n"
                            "}\n"
                            "func.func @d() -> i32 {\n"
                            "  func.return loc(\"t.mlir\":1:0)\n"
                            "}\n"
                            "func.func @e() -> i32 {\n"
                            "  func.return loc(\"t.mlir\":99:1)\n"
                            "}\n"
                            "func.func @f() -> i32 {\n"
                            "  func.return loc(\"t.mlir\":1:99)\n"
                            "}\n"
                            "func.func @g() -> i32 {\n"
                            "  func.return loc(\"t.mlir\":2:35)\n"
                            "}\n"
                            "func.func @h() -> i32 {\n"
                            "  func.return loc(\"t.mlir\":2:36)\n"
                            "}\n";
  static const sharc_vd_diag d[] = {
      AT(0, 0, "a"),
      {.message = RET("b"), .loc_text = "loc(\"foo\")"},
      {.line = 2, .col = 7, .message = RET("c"), .file = "other.mlir"},
      AT(1, 0, "d"),
      AT(99, 1, "e"),
      AT(1, 99, "f"),
      AT(2, 35, "g"),
      AT(2, 36, "h")};
  check_case(src, d, sizeof d / sizeof *d, SHARC_VD_ALL, false,
             "<unknown>:0: error: 'error' diagnostic emitted when expecting a 'note'\n"
             "<unknown>:0: error: loc(\"foo\"): unexpected error: 'func.return' op has 0 operands, "
             "but enclosing function (@b) returns 1\n"
             "other.mlir:2:7: error: unexpected error: 'func.return' op has 0 operands, but "
             "enclosing function (@c) returns 1\n"
             "t.mlir:1:0: error: unexpected error: 'func.return' op has 0 operands, but enclosing "
             "function (@d) returns 1\n"
             "t.mlir:99:1: error: unexpected error: 'func.return' op has 0 operands, but enclosing "
             "function (@e) returns 1\n"
             "t.mlir:1:99: error: unexpected error: 'func.return' op has 0 operands, but enclosing "
             "function (@f) returns 1\n"
             "t.mlir:2:35: error: unexpected error: 'func.return' op has 0 operands, but enclosing "
             "function (@g) returns 1\n"
             "// expected-note @unknown {{(@a)}}\n"
             "                                  ^\n"
             "t.mlir:2:36: error: unexpected error: 'func.return' op has 0 operands, but enclosing "
             "function (@h) returns 1\n"
             "<unknown>:0: error: expected error \"never\" was not produced\n"
             "<unknown>:0: error: expected note \"(@a)\" was not produced\n"
             "<unknown>:0: error: expected error \"never\" was not produced\n"
             "<unknown>:0: error: expected note \"(@a)\" was not produced\n");
}

static void test_regex_errors_in_file(void) {
  static const char src[] = "// expected-error-re {{a{{[}}}}\n"
                            "// expected-error-re @below {{a{{}}}}\n"
                            "// expected-error-re@+1{{a{{x}}\n"
                            "// expected-error-re {{{{(x}}}}\n"
                            "// expected-error-re {{}}\n"
                            "// expected-error-re {{{{a**}}}}\n"
                            "// expected-error-re {{(@{{a|b}}}}\n"
                            "// expected-error-re {{{{[[:foo:]]}}}}\n"
                            "func.func @a() -> i32 {\n"
                            "  func.return loc(\"t.mlir\":5:1)\n"
                            "}\n"
                            "func.func @b() -> i32 {\n"
                            "  func.return loc(\"t.mlir\":7:1)\n"
                            "}\n";
  static const sharc_vd_diag d[] = {AT(5, 1, "a"), AT(7, 1, "b")};
  check_case(src, d, sizeof d / sizeof *d, SHARC_VD_ALL, false,
             "t.mlir:1:4: error: invalid regex: brackets ([ ]) not balanced\n"
             "// expected-error-re {{a{{[}}}}\n"
             "   ^~~~~~\n"
             "t.mlir:2:4: error: invalid regex: empty (sub)expression\n"
             "// expected-error-re @below {{a{{}}}}\n"
             "   ^~~~~\n"
             "t.mlir:3:4: error: found start of regex with no end '}}'\n"
             "// expected-error-re@+1{{a{{x}}\n"
             "   ^~~~\n"
             "t.mlir:4:4: error: invalid regex: parentheses not balanced\n"
             "// expected-error-re {{{{(x}}}}\n"
             "   ^~~~~~\n"
             "t.mlir:6:4: error: invalid regex: repetition-operator operand invalid\n"
             "// expected-error-re {{{{a**}}}}\n"
             "   ^~~~~~~\n"
             "t.mlir:8:4: error: invalid regex: invalid character class\n"
             "// expected-error-re {{{{[[:foo:]]}}}}\n"
             "   ^~~~~~~~~~~~~\n"
             "t.mlir:5:1: error: unexpected error: 'func.return' op has 0 operands, but enclosing "
             "function (@a) returns 1\n"
             "// expected-error-re {{}}\n"
             "^\n"
             "t.mlir:5:4: error: expected error \"\" was not produced\n"
             "// expected-error-re {{}}\n"
             "   ^\n");
}

static void test_dangling_and_bad_offsets(void) {
  static const char src[] = "// expected-error@+09 {{(@a)}}\n"
                            "// expected-error @above {{(@b)}}\n"
                            "// expected-error@+99999999999 {{x}}\n"
                            "// expected-error @below {{(@c)}}\n"
                            "func.func @a() -> i32 {\n"
                            "  func.return loc(\"t.mlir\":10:1)\n"
                            "}\n"
                            "func.func @b() -> i32 {\n"
                            "  func.return loc(\"t.mlir\":1:1)\n"
                            "}\n"
                            "func.func @c() -> i32 {\n"
                            "  func.return loc(\"t.mlir\":5:1)\n"
                            "}\n";
  static const sharc_vd_diag d[] = {AT(10, 1, "a"), AT(1, 1, "b"), AT(5, 1, "c")};
  check_case(src, d, sizeof d / sizeof *d, SHARC_VD_ALL, false,
             "t.mlir:10:1: error: unexpected error: 'func.return' op has 0 operands, but enclosing "
             "function (@a) returns 1\n"
             "}\n"
             "^\n"
             "t.mlir:1:4: error: expected error \"(@a)\" was not produced\n"
             "// expected-error@+09 {{(@a)}}\n"
             "   ^~~~\n"
             "t.mlir:3:4: error: expected error \"x\" was not produced\n"
             "// expected-error@+99999999999 {{x}}\n"
             "   ^\n");
}

static void test_tabs_and_utf8(void) {
  static const char src[] = "\t\t// expected-error {{zz\tz}}\n"
                            "// \xc3\xbc expected-error {{has 0}} \n"
                            "//x\t// expected-warning {{\xc3\xbc}}\n"
                            "func.func @a() -> i32 {\n"
                            "  func.return loc(\"t.mlir\":1:3)\n"
                            "}\n"
                            "func.func @b() -> i32 {\n"
                            "  func.return loc(\"t.mlir\":3:2)\n"
                            "}\n";
  static const sharc_vd_diag d[] = {AT(1, 3, "a"), AT(3, 2, "b")};
  check_case(src, d, sizeof d / sizeof *d, SHARC_VD_ALL, false,
             "t.mlir:1:3: error: unexpected error: 'func.return' op has 0 operands, but enclosing "
             "function (@a) returns 1\n"
             "                // expected-error {{zz  z}}\n"
             "                ^\n"
             "t.mlir:3:2: error: unexpected error: 'func.return' op has 0 operands, but enclosing "
             "function (@b) returns 1\n"
             "//x     // expected-warning {{\xc3\xbc}}\n"
             "t.mlir:1:6: error: expected error \"zz\tz\" was not produced\n"
             "                // expected-error {{zz  z}}\n"
             "                   ^~~~\n"
             "t.mlir:2:7: error: expected error \"has 0\" was not produced\n"
             "// \xc3\xbc expected-error {{has 0}} \n"
             "t.mlir:3:8: error: expected warning \"\xc3\xbc\" was not produced\n"
             "//x     // expected-warning {{\xc3\xbc}}\n");
}

static void test_crlf(void) {
  static const char src[] = "func.func @z() {\r\n"
                            "  return\r\n"
                            "}\r\n"
                            "// expected-note @above {{see}}\r\n"
                            "func.func @a() -> i32 {\r\n"
                            "  func.return loc(\"t.mlir\":1:1)\r\n"
                            "}\r\n";
  static const sharc_vd_diag d[] = {AT(1, 1, "a")};
  check_case(src, d, sizeof d / sizeof *d, SHARC_VD_ALL, false,
             "t.mlir:1:1: error: unexpected error: 'func.return' op has 0 operands, but enclosing "
             "function (@a) returns 1\n"
             "func.func @z() {\n"
             "^\n"
             "t.mlir:4:4: error: expected note \"see\" was not produced\n"
             "// expected-note @above {{see}}\n"
             "   ^~~\n");
}

static void test_only_expected(void) {
  static const char src[] = "// expected-error {{(@a)}}\n"
                            "// expected-warning {{(@b)}}\n"
                            "// expected-error {{zzz}}\n"
                            "// expected-error @unknown {{zzz}}\n"
                            "func.func @a() -> i32 {\n"
                            "  func.return loc(\"t.mlir\":1:1)\n"
                            "}\n"
                            "func.func @b() -> i32 {\n"
                            "  func.return loc(\"t.mlir\":2:1)\n"
                            "}\n"
                            "func.func @c() -> i32 {\n"
                            "  func.return loc(\"t.mlir\":3:1)\n"
                            "}\n"
                            "func.func @d() -> i32 {\n"
                            "  func.return loc(unknown)\n"
                            "}\n";
  static const sharc_vd_diag d[] = {AT(1, 1, "a"), AT(2, 1, "b"), AT(3, 1, "c"), AT(0, 0, "d")};
  check_case(src, d, sizeof d / sizeof *d, SHARC_VD_ONLY_EXPECTED, false,
             "t.mlir:2:4: error: expected warning \"(@b)\" was not produced\n"
             "// expected-warning {{(@b)}}\n"
             "   ^~~~\n"
             "t.mlir:3:4: error: expected error \"zzz\" was not produced\n"
             "// expected-error {{zzz}}\n"
             "   ^~~\n"
             "<unknown>:0: error: expected error \"zzz\" was not produced\n"
             "<unknown>:0: error: expected error \"zzz\" was not produced\n");
}

static void test_leftmost_designator(void) {
  static const char src[] = "// expected-note-rex {{a}} expected-remark {{(@a)}}\n"
                            "// xexpected-error{{(@b)}}\n"
                            "// expected-errors {{q}}\n"
                            "// expected-error\t{{q}}\n"
                            "// expected-error  @above  {{has}} {{0}}\n"
                            "// expected-error {{}}\n"
                            "func.func @a() -> i32 {\n"
                            "  func.return loc(\"t.mlir\":1:1)\n"
                            "}\n"
                            "func.func @b() -> i32 {\n"
                            "  func.return loc(\"t.mlir\":2:1)\n"
                            "}\n"
                            "func.func @c() -> i32 {\n"
                            "  func.return loc(\"t.mlir\":6:2)\n"
                            "}\n";
  static const sharc_vd_diag d[] = {AT(1, 1, "a"), AT(2, 1, "b"), AT(6, 2, "c")};
  check_case(src, d, sizeof d / sizeof *d, SHARC_VD_ALL, false,
             "t.mlir:1:28: error: 'error' diagnostic emitted when expecting a 'remark'\n"
             "// expected-note-rex {{a}} expected-remark {{(@a)}}\n"
             "                           ^\n"
             "t.mlir:1:28: error: expected remark \"(@a)\" was not produced\n"
             "// expected-note-rex {{a}} expected-remark {{(@a)}}\n"
             "                           ^~~~\n"
             "t.mlir:5:4: error: expected error \"has}} {{0\" was not produced\n"
             "// expected-error  @above  {{has}} {{0}}\n"
             "   ^~~~~~~~~\n");
}

/* llvm::Regex validity: texts are what mlir-opt-22 prints after
 * "invalid regex: " for the same pattern (NULL = accepted). */
static void test_regex_errors(void) {
  static const struct {
    const char *pat, *err;
  } cases[] = {
      {"(", "parentheses not balanced"},
      {"a)", "parentheses not balanced"},
      {"[a", "brackets ([ ]) not balanced"},
      {"[z-a]", "invalid character range"},
      {"[[:foo:]]", "invalid character class"},
      {"[[.foo.]]", "invalid collating element"},
      {"a\\", "trailing backslash (\\)"},
      {"\\1", "invalid backreference number"},
      {"a{1", "braces not balanced"},
      {"a{2,1}", "invalid repetition count(s)"},
      {"a{256}", "invalid repetition count(s)"},
      {"*a", "repetition-operator operand invalid"},
      {"a**", "repetition-operator operand invalid"},
      {"^*", "repetition-operator operand invalid"},
      {"{1}", "repetition-operator operand invalid"},
      {"a|", "empty (sub)expression"},
      {"", "empty (sub)expression"},
      {"()", NULL},
      {"(a{0})", "empty (sub)expression"},
      {"b|(a{0})", "empty (sub)expression"},
      {"[a-]", NULL},
      {"[]a]", NULL},
      {"a{,2}", NULL},
      {"a{", NULL},
      {"{a", NULL},
      {"[[=a=]]", NULL},
      {"[[.hyphen.]]", NULL},
      {"[a-c-e]", "invalid character range"},
      {"[[:alpha:]-z]", "invalid character range"},
      {"(a|)", "empty (sub)expression"},
      {"a{1,x} ", "invalid repetition count(s)"},
      {"x{255} ", NULL},
      {"a{1,2}{3} ", "repetition-operator operand invalid"},
      {"(|a)", "empty (sub)expression"},
      {"a||b", "empty (sub)expression"},
      {"[[:<:]]* ", NULL},
      {"[[.]]", "brackets ([ ]) not balanced"},
      {"[[==]]", "invalid collating element"},
      {"[[:alpha]]", "invalid character class"},
      {"[[:alpha:] ", "brackets ([ ]) not balanced"},
      {"[\\]", NULL},
      {"a{1,256} ", "invalid repetition count(s)"},
      {"a{99999} ", "invalid repetition count(s)"},
      {"[[.-.]-a]", NULL},
      {"[%--]", NULL},
      {"[--/]", "invalid character range"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    const char *got = sharc_regex_error(cases[i].pat, strlen(cases[i].pat));
    if (cases[i].err)
      CHECK_STR(got, cases[i].err);
    else
      CHECK(got == NULL);
  }
}

static bool search(const char *pat, const char *s) {
  return sharc_regex_search(pat, strlen(pat), s, strlen(s));
}

/* Matching; the quirky rows were confirmed against mlir-opt-22. */
static void test_regex_search(void) {
  const char *msg = "'func.return' op has 0 operands, but enclosing function (@b2) returns 1";
  CHECK(search("op has [0-9]+ operands", msg));
  CHECK(search("^'func", msg));
  CHECK(!search("^func", msg));
  CHECK(search("returns 1$", msg));
  CHECK(search("(but|and) enclosing", msg));
  CHECK(search("[[:alpha:]]+\\.[[:alpha:]]+", msg));
  CHECK(search("\\(@b[[:digit:]]\\)", msg));
  CHECK(search("[^a-z ]", msg));
  CHECK(search("o{2}", "foo"));
  CHECK(!search("o{3}", "foo"));
  CHECK(search("fo{1,}$", "foo"));
  CHECK(search("x*", ""));
  CHECK(search("(a*)*b", "aaab"));
  CHECK(!search("(a*)*c", "aaaaaaaaaaaaaaaaaaaaaaaab"));
  CHECK(search("\\d", "d")); /* no Perl classes: \d is a plain 'd' */
  CHECK(!search("\\d", "1"));
  CHECK(search(".", "\n")); /* no REG_NEWLINE */
  CHECK(search("[[:<:]]op[[:>:]]", msg));
  CHECK(!search("[[:<:]]p", msg));
  CHECK(search("^^'", msg));
  CHECK(search("1$[[:>:]]", msg));
  CHECK(!search("1[[:>:]]$", msg));     /* fast(): ^/$ steps come before the boundary */
  CHECK(!search("[[:>:]]{2}\\)", msg)); /* fast(): one boundary step per position */
  CHECK(!search("1(${2})", msg));       /* fast(): one '$' atom allows one crossing */
  CHECK(search("(a)\\1", "xaay"));
  CHECK(!search("(a)\\1", "xay"));
  CHECK(!search("(", "(")); /* invalid patterns never match */
}

static void test_has_expectations(void) {
  const char *yes = "func.func @f()\n  // expected-error @+1 {{x}}\n";
  const char *no = "// expected-error {{x}} trailing\n// expected-errors {{x}}\n";
  CHECK(sharc_vd_has_expectations(yes, strlen(yes)));
  CHECK(!sharc_vd_has_expectations(no, strlen(no)));
  CHECK(!sharc_vd_has_expectations("", 0));
}

/* A diagnostic with no message or an out-of-range severity is still
 * reported (as an error) instead of crashing. */
static void test_robustness(void) {
  const char *src = "// expected-error {{}}\nx\n";
  sharc_vd_diag d[] = {{.line = 1, .col = 1}, {.severity = 7, .line = 2, .col = 1, .message = "m"}};
  sharc_buf out = {0};
  CHECK(!sharc_verify_diagnostics("t.mlir", src, strlen(src), d, 2, &out));
  CHECK_STR(out.data, "t.mlir:2:1: error: unexpected error: m\nx\n^\n");
  sharc_buf_free(&out);
}

int main(void) {
  test_all_designators_match();
  test_unexpected_and_missing();
  test_absorb_repeats();
  test_near_miss();
  test_unknown_twice_and_locs();
  test_regex_errors_in_file();
  test_dangling_and_bad_offsets();
  test_tabs_and_utf8();
  test_crlf();
  test_only_expected();
  test_leftmost_designator();
  test_regex_errors();
  test_regex_search();
  test_has_expectations();
  test_robustness();
  return check_summary("verify_diag");
}
