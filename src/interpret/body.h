/* Computations given as regions (reduce bodies, scatter updates, sort
 * comparators, select_and_scatter's select): run on single elements of
 * flat tensors. A body that is one elementwise op of its two arguments
 * (add, max, ...) is recognised and applied directly, with no region run. */
#ifndef SHARC_INTERPRET_BODY_H
#define SHARC_INTERPRET_BODY_H

#include "interpret/interp.h"

typedef struct sharc_body {
  sharc_interp *ip;
  sharc_op *op;          /* the op the region belongs to (errors) */
  sharc_region *region;
  sharc_scope *scope;
  unsigned n;            /* values per side: the body takes 2n arguments */
  int fast;              /* elementwise code of a one-op body, or -1 */
  bool swapped;          /* the one op takes (%arg1, %arg0) */
  bool interleaved;      /* arguments pair up (x0, y0, x1, y1, ...), as sort's comparator */
  sharc_tensor **args;   /* 2n scalar tensors */
} sharc_body;

/* Prepares `region` of `op`; false (with an error) when its arguments are
 * not 2n scalars. */
bool sharc_body_init(sharc_body *b, sharc_interp *ip, sharc_op *op, sharc_region *region,
                     sharc_scope *sc, unsigned n);
void sharc_body_free(sharc_body *b);
/* acc[k][ai] = body(acc[k][ai]..., x[k][xi]...) for k < n. */
bool sharc_body_accumulate(sharc_body *b, sharc_tensor *const *acc, int64_t ai,
                           sharc_tensor *const *x, int64_t xi);
/* The body's i1 result on (x[k][xi]..., y[k][yi]...). */
bool sharc_body_predicate(sharc_body *b, sharc_tensor *const *x, int64_t xi,
                          sharc_tensor *const *y, int64_t yi, bool *result);

/* From the elementwise family: the code of a binary elementwise op (or -1)
 * and r[ri] = code(a[ai], b[bi]) on single elements. */
int sharc_ew_binary_code(const sharc_op *op);
void sharc_ew_apply(int code, sharc_tensor *r, int64_t ri, const sharc_tensor *a, int64_t ai,
                    const sharc_tensor *b, int64_t bi);

#endif
