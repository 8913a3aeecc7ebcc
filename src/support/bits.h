/* Bit counts of machine words, shared by the number parser (does a literal
 * fit its type's width) and apfloat (normalising significands): one
 * instruction where a loop over the bits cost up to 64 steps. */
#ifndef SHARC_SUPPORT_BITS_H
#define SHARC_SUPPORT_BITS_H

#include <stdint.h>

/* Bits up to and including the highest set one (0 for 0). */
static inline unsigned sharc_bit_length_u64(uint64_t v) {
  return v ? 64 - (unsigned)__builtin_clzll(v) : 0;
}

#endif
