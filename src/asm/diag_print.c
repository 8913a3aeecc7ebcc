/* The printer's part in diagnostics, as MLIR's SourceMgr handler and
 * Operation::emitError/emitWarning/emitRemark show them: a location with no
 * file position printed as `loc(...)`, and (printOpOnDiagnostic) the op a
 * diagnostic is about, attached as a "see current operation" note. The ir
 * layer cannot print, so the context holds these as hooks. */
#include "asm/print_internal.h"
#include "ir/context.h"
#include "sharc/asm.h"
#include "sharc/verify.h"

/* Diagnostic::appendOp elides large elements attributes above this. */
enum { DIAG_ELIDE_ELEMENTS_ABOVE = 16 };

static void print_loc(const sharc_attr *loc, sharc_buf *out) {
  sharc_printer p;
  sharc_print_flags flags = {.local_scope = true};
  sharc_pr_init(&p, out, &flags);
  sharc_pr_loc_body(&p, loc);
  sharc_pr_free(&p);
}

static void drop_diag(const sharc_diag *d, void *user) {
  (void)d;
  (void)user;
}

/* verifyOpAndAdjustFlags: the op a note numbers from is verified with its
 * diagnostics dropped; one that fails prints in generic form. */
bool sharc_pr_verifies_quietly(sharc_op *op) {
  sharc_context *ctx = sharc_op_ctx_of(op);
  sharc_diag_quiet saved;
  sharc_diag_quiet_begin(ctx, &saved, drop_diag, NULL);
  bool ok = sharc_verify(op);
  sharc_diag_quiet_end(ctx, &saved);
  return ok;
}

/* Diagnostic::appendOp's flags: local scope, large elements elided, the
 * generic form for an error (and for an op whose scope does not verify,
 * unless verification is assumed). */
void sharc_pr_diag_op(sharc_op *op, sharc_diag_op_form form, sharc_buf *out) {
  const sharc_print_flags *tool = sharc_op_ctx_of(op)->diag_print_flags;
  sharc_print_flags flags = tool ? *tool : (sharc_print_flags){0};
  flags.local_scope = true;
  flags.elide_elements_above = DIAG_ELIDE_ELEMENTS_ABOVE;
  bool assumed = flags.generic || flags.assume_verified;
  flags.generic = flags.generic || form == SHARC_DIAG_OP_GENERIC ||
                  (form == SHARC_DIAG_OP_VERIFIED && !assumed &&
                   !sharc_pr_verifies_quietly(sharc_pr_numbering_root(op)));
  sharc_print_op_local(op, &flags, out);
}

void sharc_context_set_diag_print_flags(sharc_context *ctx, const sharc_print_flags *flags) {
  ctx->diag_print_flags = flags;
}

void sharc_context_set_print_op_on_diagnostic(sharc_context *ctx, bool on) {
  ctx->diag_loc_printer = print_loc;
  ctx->diag_op_printer = on ? sharc_pr_diag_op : NULL;
}
