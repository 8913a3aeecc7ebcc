/* Unit tests of the edit distance behind the tools' "Did you mean" hints. */
#include "check.h"

#include "support/edit_distance.h"

#include <string.h>

static unsigned ed(const char *a, const char *b, unsigned bound) {
  return sharc_edit_distance(a, strlen(a), b, strlen(b), bound);
}

int main(void) {
  CHECK(ed("", "", 0) == 0);
  CHECK(ed("canonicalize", "canonicalise", 0) == 1);
  CHECK(ed("o", "ofile.mlir", 0) == 9);
  CHECK(ed("help", "ofile.mlir", 0) == 8);
  CHECK(ed("kitten", "sitting", 0) == 3);
  CHECK(ed("abc", "", 0) == 3 && ed("", "abc", 0) == 3);
  /* above the bound: bound + 1, whatever the true distance */
  CHECK(ed("aaaaaaaa", "bbbbbbbb", 2) == 3);
  CHECK(ed("kitten", "sitting", 3) == 3);
  /* longer than the on-stack row */
  char a[200], b[200];
  memset(a, 'x', 199), a[199] = 0;
  memset(b, 'x', 199), b[199] = 0;
  b[100] = 'y';
  CHECK(ed(a, b, 0) == 1);
  return check_summary("edit_distance");
}
