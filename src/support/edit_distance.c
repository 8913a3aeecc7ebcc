/* Levenshtein distance with an early cut-off (one row of the table). */
#include "support/edit_distance.h"
#include "support/xalloc.h"

#include <stdlib.h>

unsigned sharc_edit_distance(const char *a, size_t na, const char *b, size_t nb, unsigned bound) {
  unsigned small[64];
  unsigned *row =
      nb + 1 <= sizeof small / sizeof small[0] ? small : sharc_xmalloc_array(nb + 1, sizeof *row);
  for (size_t j = 0; j <= nb; j++)
    row[j] = (unsigned)j;
  unsigned result = 0;
  for (size_t i = 1; i <= na; i++) {
    unsigned diagonal = row[0], row_min = (unsigned)i;
    row[0] = (unsigned)i;
    for (size_t j = 1; j <= nb; j++) {
      unsigned above = row[j];
      unsigned best = diagonal + (a[i - 1] != b[j - 1]);
      if (above + 1 < best)
        best = above + 1;
      if (row[j - 1] + 1 < best)
        best = row[j - 1] + 1;
      row[j] = best;
      diagonal = above;
      if (best < row_min)
        row_min = best;
    }
    if (bound && row_min > bound) {
      result = bound + 1;
      goto done;
    }
  }
  result = row[nb];
done:
  if (row != small)
    free(row);
  return result;
}
