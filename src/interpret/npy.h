/* NumPy .npy files as StableHLO's reference interpreter writes them for
 * interpreter.probe and reads them for check.expect_serialized_eq: version
 * 1.0, little endian, C order, each element type as the reference stores it
 * (i1 as one byte, signless i64 as '<u8', f16/bf16 as their bits, ...). */
#ifndef SHARC_INTERPRET_NPY_H
#define SHARC_INTERPRET_NPY_H

#include "interpret/interp.h"

/* The NumPy kind ('b', 'i', 'u', 'f') and word size the reference uses for
 * the element type of `t`; false for a type it cannot serialize. */
bool sharc_npy_word(const sharc_tensor *t, char *kind, unsigned *size);
/* Writes `t` to `path`; false (errno set) when the file cannot be written. */
bool sharc_npy_write(const char *path, const sharc_tensor *t);
/* Reads `path` into `into` (a tensor of the expected type, whose element
 * count is taken as the file's, as the reference does); NULL on success, else
 * what is wrong. */
const char *sharc_npy_read(const char *path, sharc_tensor *into);

#endif
