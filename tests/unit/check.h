/* Minimal unit-test harness: CHECK macros count results and the summary line
 * is the plain "N passed, N failed" that CI reads. */
#ifndef SHARC_TEST_CHECK_H
#define SHARC_TEST_CHECK_H

#include <stdio.h>
#include <string.h>

static unsigned check_passed, check_failed;

#define CHECK(cond)                                                        \
  do {                                                                     \
    if (cond) {                                                            \
      check_passed++;                                                      \
    } else {                                                               \
      check_failed++;                                                      \
      fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #cond); \
    }                                                                      \
  } while (0)

#define CHECK_STR(got, want)                                               \
  do {                                                                     \
    const char *check_got_ = (got), *check_want_ = (want);                 \
    if (check_got_ && check_want_ && strcmp(check_got_, check_want_) == 0) { \
      check_passed++;                                                      \
    } else {                                                               \
      check_failed++;                                                      \
      fprintf(stderr, "%s:%d: got '%s', want '%s'\n", __FILE__, __LINE__,  \
              check_got_ ? check_got_ : "(null)", check_want_);            \
    }                                                                      \
  } while (0)

static int check_summary(const char *suite) {
  printf("%s: %u passed, %u failed\n", suite, check_passed, check_failed);
  return check_failed ? 1 : 0;
}

#endif
