/* Bit-exact floating-point literals for every MLIR builtin float type:
 * parsing decimal text into a format's bits, converting to and from double,
 * and printing exactly what MLIR's AsmPrinter prints for a FloatAttr or a
 * dense<> float element.
 *
 * A value is carried as its raw storage bits: `lo` holds the low 64 bits and
 * `hi` the bits above 64 (only f80 and f128 use `hi`; pass 0 otherwise). */
#ifndef SHARC_SUPPORT_APFLOAT_H
#define SHARC_SUPPORT_APFLOAT_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "sharc/support.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A double's bits and back (the f64 storage of a value). */
static inline uint64_t sharc_double_bits(double d) {
  uint64_t u;
  memcpy(&u, &d, sizeof u);
  return u;
}
static inline double sharc_double_from_bits(uint64_t u) {
  double d;
  memcpy(&d, &u, sizeof d);
  return d;
}

/* Storage width in bits: 16, 32, 64, 80, 128, 19 (tf32), 8, 6 or 4. */
unsigned sharc_float_bits(sharc_float_kind k);

/* The MLIR type spelling: "f16", "bf16", "f8E4M3FN", ... */
const char *sharc_float_name(sharc_float_kind k);
bool sharc_float_kind_from_name(sharc_str s, sharc_float_kind *out);

/* Whether the format has encodings for infinity / NaN at all. */
bool sharc_float_has_inf(sharc_float_kind k);
bool sharc_float_has_nan(sharc_float_kind k);

/* Decimal text ("1.5", "-2.0e-3", "5", "-0.0", ".5", "1e10") rounded to
 * nearest-even directly into format k, exactly as llvm::APFloat(sem, text)
 * does (correct rounding, overflow to inf / NaN / max-finite according to the
 * format).  Returns false on malformed text, and for a minus sign on an
 * unsigned format (f8E8M0FNU). */
bool sharc_float_from_decimal(sharc_float_kind k, sharc_str text, uint64_t *lo,
                              uint64_t *hi);

/* What MLIR's parser does with a float-literal token: the text is first
 * rounded to a double and that double is then rounded to format k.  This is
 * *double rounding* and differs from sharc_float_from_decimal for some inputs
 * (e.g. "0.1 : f128" keeps only double precision, "1.0e400 : f128" is inf).
 * Returns false where MLIR would fail. A literal past the double's range
 * into a format without infinity (f4E2M1FN...) gives the bits APFloat
 * writes for the infinity it keeps (+-0), as mlir-opt does. */
bool sharc_float_parse_literal(sharc_float_kind k, sharc_str text, uint64_t *lo,
                               uint64_t *hi);
/* sharc_float_parse_literal of `-text` when `minus` (the parser's `-` and
 * number tokens), without writing that text anywhere first. */
bool sharc_float_parse_literal_signed(sharc_float_kind k, bool minus, sharc_str text,
                                      uint64_t *lo, uint64_t *hi);

/* APFloat(v).convert(k, round-to-nearest-even).  Returns false where APFloat
 * would hit an unreachable: inf/NaN into a finite-only format, or a negative
 * number into f8E8M0FNU. */
bool sharc_float_from_double(sharc_float_kind k, double v, uint64_t *lo,
                             uint64_t *hi);

/* The value as a double (rounded to nearest-even for f80/f128). */
double sharc_float_to_double(sharc_float_kind k, uint64_t lo, uint64_t hi);

/* Appends exactly what MLIR's printFloatValue writes: the 6-digit scientific
 * form ("1.000000e+00") when it parses back to the same value, else APFloat's
 * default toString() when it has a '.', else the bits as an upper-case hex
 * C literal ("0x7FC00000") -- always the case for inf and NaN. */
void sharc_float_print(sharc_float_kind k, uint64_t lo, uint64_t hi,
                       sharc_buf *out);

/* APFloat::toString(Str, precision, max_padding, truncate_zero); a precision
 * of 0 derives the digit count from the format.  Inf prints "+Inf"/"-Inf" and
 * NaN "NaN", as APFloat does. */
void sharc_float_to_string(sharc_float_kind k, uint64_t lo, uint64_t hi,
                           unsigned precision, unsigned max_padding,
                           bool truncate_zero, sharc_buf *out);

/* Appends the bits the way MLIR prints a special value: "0x" + upper-case
 * hex without leading zeros (APInt::toString radix 16, C literal). */
void sharc_float_print_hex(sharc_float_kind k, uint64_t lo, uint64_t hi,
                           sharc_buf *out);

/* The bit beside the bits of the formats of 8 bits or fewer that marks
 * what APFloat keeps and the format cannot encode: f8E8M0FNU's sign, and
 * the infinity of f4E2M1FN, f6E2M3FN and f6E3M2FN (apfloat.c's
 * pack_value). */
#define SHARC_FLOAT_SMALL_MARK 8

/* MLIR's bit pattern (APFloat::bitcastToAPInt: dense elements, bytecode)
 * of a value's low bits: f8E8M0FNU has no sign bit, and a negative
 * value's sign, which sharc keeps in bit 8, lands in its top bit; the
 * formats after it (no infinity) drop the mark of one. */
static inline uint64_t sharc_float_raw_lo(sharc_float_kind k, uint64_t lo) {
  if (k < SHARC_F8E8M0FNU || !(lo >> SHARC_FLOAT_SMALL_MARK))
    return lo;
  return k == SHARC_F8E8M0FNU ? (lo & 0xff) | 0x80 : lo & 0xff;
}

/* Whether a hex literal's value fits in the format's storage width (MLIR's
 * "hexadecimal float constant out of range for type" check). */
bool sharc_float_bits_fit(sharc_float_kind k, uint64_t lo, uint64_t hi);

bool sharc_float_is_nan(sharc_float_kind k, uint64_t lo, uint64_t hi);
bool sharc_float_is_inf(sharc_float_kind k, uint64_t lo, uint64_t hi);
bool sharc_float_is_zero(sharc_float_kind k, uint64_t lo, uint64_t hi);
bool sharc_float_is_negative(sharc_float_kind k, uint64_t lo, uint64_t hi);

/* APFloat::getLargest: the largest finite value (negated on request) as
 * bits; false for a negative value of an unsigned format (f8E8M0FNU). */
bool sharc_float_largest(sharc_float_kind k, bool negative, uint64_t *lo, uint64_t *hi);

/* Bitwise equality within the storage width (bits above it are ignored). */
bool sharc_float_equal_bits(sharc_float_kind k, uint64_t alo, uint64_t ahi,
                            uint64_t blo, uint64_t bhi);

#ifdef __cplusplus
}
#endif
#endif
