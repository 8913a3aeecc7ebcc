/* Levenshtein distance between two byte strings, for "Did you mean" hints. */
#ifndef SHARC_SUPPORT_EDIT_DISTANCE_H
#define SHARC_SUPPORT_EDIT_DISTANCE_H

#include <stddef.h>

/* Insertions, deletions and replacements turning `a` into `b`. With `bound`
 * non-zero, any distance above it is reported as bound + 1 (computed no
 * further), as LLVM's StringRef::edit_distance does. */
unsigned sharc_edit_distance(const char *a, size_t na, const char *b, size_t nb, unsigned bound);

#endif
