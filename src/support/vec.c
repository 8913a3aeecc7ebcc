/* Growth of the generic vectors of vec.h. */
#include "support/vec.h"
#include "support/small_room.h"
#include "support/xalloc.h"

#include <stdint.h>
#include <string.h>

void sharc_vec_reserve_raw(void **items, unsigned *cap, size_t need, size_t elem_size) {
  if (need <= *cap)
    return;
  size_t grown = *cap ? (size_t)*cap * 2 : 8;
  if (grown < need)
    grown = need;
  if (grown > UINT32_MAX)
    abort();
  *items = sharc_xrealloc_array(*items, grown, elem_size);
  *cap = (unsigned)grown;
}

void sharc_ptrvec_push(sharc_ptrvec *v, void *item) {
  v->items = sharc_small_room(v->items, v->small, sizeof v->small / sizeof v->small[0], v->len,
                              &v->cap, sizeof *v->items);
  v->items[v->len++] = item;
}

void sharc_ptrvec_free(sharc_ptrvec *v) {
  if (v->items != v->small)
    free(v->items);
  v->items = NULL;
  v->len = v->cap = 0;
}

void sharc_ptr_vec_push_unique(sharc_ptr_vec *v, void *x) {
  for (unsigned i = 0; i < v->len; i++)
    if (v->items[i] == x)
      return;
  sharc_vec_push(v, x);
}
