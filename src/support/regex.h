/* llvm::Regex (POSIX ERE, REG_EXTENDED) emulation: the same patterns are
 * accepted, the same first error is reported with LLVM's regerror text, and
 * a search answers whether the pattern matches anywhere in a string. */
#ifndef SHARC_SUPPORT_REGEX_H
#define SHARC_SUPPORT_REGEX_H

#include <stdbool.h>
#include <stddef.h>

typedef struct sharc_regex sharc_regex;

/* NULL for a valid pattern, else LLVM's regerror text (e.g.
 * "parentheses not balanced"). */
const char *sharc_regex_error(const char *pat, size_t len);

/* The compiled pattern, or NULL when it is invalid. Compile once, search
 * many times (a -verify-diagnostics expectation is tried on every
 * diagnostic). */
sharc_regex *sharc_regex_compile(const char *pat, size_t len);
bool sharc_regex_exec(const sharc_regex *re, const char *s, size_t n);
void sharc_regex_free(sharc_regex *re);

/* Compile, search once and free; an invalid pattern never matches. */
bool sharc_regex_search(const char *pat, size_t len, const char *s, size_t n);

#endif
