/* Printer internals shared by printer.c, print_attrs.c and the asm layer's
 * diagnostics (diag_print.c, verify.c). */
#ifndef SHARC_ASM_PRINT_INTERNAL_H
#define SHARC_ASM_PRINT_INTERNAL_H

#include "asm/parser.h"
#include "asm/printer.h"
#include "ir/context.h"

/* sharc_pr_replay_text from the memo's direct-mapped slots only, inline
 * (`key` not NULL, aliases collected): whether `key`'s text was written. */
static inline bool sharc_pr_replay_slot(sharc_printer *p, const void *key) {
  const struct sharc_type_text_slot *slot = &p->type_slots[sharc_ptr_slot(key, SHARC_TYPE_TEXT_SLOT_BITS)];
  if (slot->key != key) /* an op's types are mostly those of the ops before it */
    return false;
  sharc_pr_put_padded(p->out, p->type_text_buf.data + slot->at, slot->len);
  return true;
}

void sharc_pr_init(sharc_printer *p, sharc_buf *out, const sharc_print_flags *flags);
void sharc_pr_free(sharc_printer *p);
/* The op Operation::print numbers values from with local scope: the
 * nearest IsolatedFromAbove op, `op` itself included, else the top. */
sharc_op *sharc_pr_numbering_root(sharc_op *op);
/* Whether `op` verifies, its diagnostics dropped (diag_print.c). */
bool sharc_pr_verifies_quietly(sharc_op *op);
/* `op` as a diagnostic shows it (Diagnostic::appendOp: the tool's printing
 * flags, local scope, large elements elided, `form` deciding the generic
 * form; diag_print.c). */
void sharc_pr_diag_op(sharc_op *op, sharc_diag_op_form form, sharc_buf *out);
/* Prints `#alias` for an aliased object (true), or records a visit while
 * collecting aliases (true when already visited, so children are skipped). */
bool sharc_pr_use_alias(sharc_printer *p, const void *obj, bool is_loc);
void sharc_pr_visit_begin(sharc_printer *p);
void sharc_pr_visit_end(sharc_printer *p, const void *obj, bool is_type);
unsigned sharc_pr_distinct_id(sharc_printer *p, const sharc_attr *a);
void sharc_pr_loc_body(sharc_printer *p, const sharc_attr *loc);
void sharc_pr_loc_body_inner(sharc_printer *p, const sharc_attr *loc);
void sharc_pr_attr_def_body(sharc_printer *p, const void *obj, bool is_type);
void sharc_pr_dict_body(sharc_printer *p, const sharc_named_attr *e, unsigned n,
                        const char *const *elided);
/* Whether `name` is one of `elided` (NULL-terminated, or NULL for none). */
bool sharc_pr_name_elided(const char *const *elided, const sharc_ident *name);
void sharc_pr_keyword_or_string(sharc_printer *p, sharc_str s);
/* `"name"`: sharc_pr_string of an identifier, its escaping known per printer. */
void sharc_pr_ident_string(sharc_printer *p, const sharc_ident *name);
void sharc_pr_escaped(sharc_buf *b, sharc_str s);

#endif
