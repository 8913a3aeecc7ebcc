/* MLIR's `-verify-diagnostics` checking (SourceMgrDiagnosticVerifierHandler),
 * independent from the IR: the expected-* comments of one source buffer are
 * matched against the diagnostics a run emitted, and every mismatch is
 * rendered exactly as mlir-opt prints it (llvm::SourceMgr message format,
 * source line and caret included). `-re` expectations use support/regex.h. */
#ifndef SHARC_SUPPORT_VERIFY_DIAG_H
#define SHARC_SUPPORT_VERIFY_DIAG_H

#include <stdbool.h>
#include <stddef.h>

#include "sharc/support.h"

/* One emitted diagnostic. Attached notes are passed as separate entries right
 * after their parent, as MLIR's handler processes them. */
typedef struct sharc_vd_diag {
  int severity;       /* 0 error, 1 warning, 2 note, 3 remark (sharc_severity order) */
  unsigned line, col; /* 1-based position of the location's first file:line:col */
  const char *message;
  /* Optional (zero-initialise): `file` NULL means the checked buffer when
   * line != 0 and "no file location at all" when line == 0; otherwise it is
   * the location's file name (equal to `name` for the checked buffer, anything
   * else never matches an expectation). `loc_text` is, for a location without
   * any file:line:col that is not `unknown` (e.g. loc("foo")), its printed
   * form, which MLIR puts before the message. */
  const char *file;
  const char *loc_text;
} sharc_vd_diag;

/* `--verify-diagnostics` (= all) vs `--verify-diagnostics=only-expected`, where
 * unexpected diagnostics and kind mismatches are silently accepted. */
typedef enum sharc_vd_level { SHARC_VD_ALL, SHARC_VD_ONLY_EXPECTED } sharc_vd_level;

/* Stateful form, mirroring the lifetime of MLIR's handler:
 * - sharc_vd_new scans `buf` (not copied: it must outlive the verifier) and
 *   appends the errors for malformed -re patterns to `out` (MLIR prints them
 *   when the handler is constructed, before any other diagnostic);
 * - sharc_vd_process checks one diagnostic and appends "unexpected ..." or
 *   kind-mismatch errors as they arise;
 * - sharc_vd_verify appends "expected ... was not produced" for the unmatched
 *   expectations (file ones in file order, then @unknown ones) and returns the
 *   overall status. Like MLIR it forgets the file expectations afterwards but
 *   not the @unknown ones, so a second call (mlir-opt's destructor) reports
 *   those again. */
typedef struct sharc_vd sharc_vd;
sharc_vd *sharc_vd_new(const char *name, const char *buf, size_t len, sharc_vd_level level,
                       sharc_buf *out);
void sharc_vd_process(sharc_vd *vd, const sharc_vd_diag *d, sharc_buf *out);
bool sharc_vd_verify(sharc_vd *vd, sharc_buf *out);
void sharc_vd_free(sharc_vd *vd);

/* Checks `diags` (in emission order) against the expected-* comments in buf,
 * exactly as `mlir-opt --verify-diagnostics` does for a whole file (including
 * its second, destructor-time report of unmatched @unknown expectations).
 * Appends MLIR's messages for every mismatch to `out` and returns true when
 * everything matched. */
bool sharc_verify_diagnostics(const char *name, const char *buf, size_t len,
                              const sharc_vd_diag *diags, size_t n, sharc_buf *out);

/* True when some line of buf holds a well-formed expected-* designator. */
bool sharc_vd_has_expectations(const char *buf, size_t len);

/* llvm::SourceMgr's snippet under a message: the line [ls, le) with its
 * tabs expanded to 8-column stops, then the caret under `at` (in [ls, le])
 * with `~` under [rs, re) when rs is not NULL, widened alike; no caret line
 * under a line holding a non-ASCII byte. Shared by every diagnostic printer. */
void sharc_sm_put_snippet(sharc_buf *out, const char *ls, const char *le, const char *at,
                          const char *rs, const char *re);

#endif
