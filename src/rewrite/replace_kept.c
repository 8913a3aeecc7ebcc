/* Replacing an op by a rebuilt one that keeps only some of its results;
 * see replace_kept.h. */
#include "rewrite/replace_kept.h"

void sharc_rw_replace_op_with_kept_results(sharc_rewriter *rw, sharc_op *from, sharc_op *to,
                                           const bool *marks, unsigned num_marks, bool kept) {
  unsigned n = sharc_op_num_results(from), next = 0;
  for (unsigned i = 0; i < num_marks && i < n; i++)
    if (marks[i] == kept)
      sharc_rw_replace_all_uses(rw, sharc_op_result(from, i), sharc_op_result(to, next++));
  sharc_rw_erase_op(rw, from);
}
