/* LLVM's hashing where Shardy's output depends on it: the order in which a
 * DenseMap<StringRef, ...> is iterated is the order of its buckets, so a
 * drop-in has to hash, probe and grow exactly as LLVM does. The hash is the
 * one of the LLVM revision Shardy builds with: hash_value(StringRef) is
 * xxh3_64bits of the bytes XORed with the execution seed of a build without
 * ABI-breaking checks. */
#ifndef SHARC_SUPPORT_LLVM_HASH_H
#define SHARC_SUPPORT_LLVM_HASH_H

#include "sharc/support.h"

#include <stddef.h>
#include <stdint.h>

/* llvm::xxh3_64bits (seed 0, the default secret). */
uint64_t sharc_llvm_xxh3_64(const void *data, size_t len);
/* DenseMapInfo<StringRef>::getHashValue. */
unsigned sharc_llvm_string_hash(sharc_str s);
/* DenseMapInfo<int>::getHashValue (also that of unsigned and long keys
 * that fit: LLVM multiplies by 37). */
unsigned sharc_llvm_int_hash(int key);
/* The order a DenseMap visits n distinct keys with these hashes, inserted in
 * this order with nothing erased: order[k] is the index of the k-th key
 * visited. */
void sharc_llvm_map_order(const unsigned *hashes, unsigned n, unsigned *order);
/* The order a DenseMap<StringRef, ...> visits `keys` (distinct, in the
 * order they were first inserted, nothing erased): order[k] is the index
 * of the k-th key visited. */
void sharc_llvm_string_map_order(const sharc_str *keys, unsigned n, unsigned *order);

#endif
