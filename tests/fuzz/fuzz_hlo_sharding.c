/* libFuzzer target for the HloSharding text parser (dialect/mhlo/
 * hlo_sharding.h): every input either parses, or fails with a message and an
 * offset inside the input; what parses prints to text that parses again and
 * prints the same (a fixpoint). ASan/UBSan/LeakSanitizer catch the rest. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dialect/mhlo/hlo_sharding.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  sharc_str text = {(const char *)data, size};
  sharc_hlo_sharding s;
  const char *err = NULL;
  size_t at = 0;
  if (!sharc_hlo_sharding_parse(text, &s, &err, &at)) {
    if (!err || at > size)
      abort();
    sharc_hlo_sharding_free(&s);
    return 0;
  }
  sharc_buf first = {0}, second = {0};
  sharc_hlo_sharding_print(&s, &first);
  sharc_hlo_sharding_free(&s);
  sharc_str again = {first.data, first.len};
  if (!sharc_hlo_sharding_parse(again, &s, &err, &at)) {
    fprintf(stderr, "printed sharding does not parse: %s at %zu: %s\n", err, at, first.data);
    abort();
  }
  sharc_hlo_sharding_print(&s, &second);
  sharc_hlo_sharding_free(&s);
  if (first.len != second.len || memcmp(first.data, second.data, first.len) != 0) {
    fprintf(stderr, "not a fixpoint:\n%s\n%s\n", first.data, second.data);
    abort();
  }
  sharc_buf_free(&first);
  sharc_buf_free(&second);
  return 0;
}
