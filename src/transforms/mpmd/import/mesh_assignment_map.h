/* The option types of the MPMD import passes, parsed as Shardy's custom LLVM
 * option parsers parse them, with their messages: the user's name-to-mesh
 * assignment (`n0@m0,n1@m1/1`), the input/output index assignment
 * (`0@m0,1@m1#pinned_host`) and the input-output equisharding constraints
 * (`0:1,2:0`). */
#ifndef SHARC_TRANSFORMS_MPMD_IMPORT_MESH_ASSIGNMENT_MAP_H
#define SHARC_TRANSFORMS_MPMD_IMPORT_MESH_ASSIGNMENT_MAP_H

#include "sharc/pass.h"

/* UserAssignmentMap: name -> (mesh, optional stage), sorted by name as
 * Shardy's std::map. */
typedef struct sharc_mpmd_name_assignment {
  const char *name;
  const char *mesh; /* may carry a `#memory_kind` suffix */
  bool has_stage;
  int64_t stage;
} sharc_mpmd_name_assignment;

typedef struct sharc_mpmd_user_assignment {
  unsigned n;
  const sharc_mpmd_name_assignment *items;
} sharc_mpmd_user_assignment;

/* IndexedAssignmentMap: index -> mesh, in the order Shardy's
 * llvm::DenseMap<int, std::string> iterates them. */
typedef struct sharc_mpmd_index_assignment {
  int index;
  const char *mesh;
} sharc_mpmd_index_assignment;

typedef struct sharc_mpmd_indexed_assignment {
  unsigned n;
  const sharc_mpmd_index_assignment *items;
} sharc_mpmd_indexed_assignment;

/* InputOutputEquishardingConstraint list. */
typedef struct sharc_mpmd_io_constraint {
  int64_t input_index;
  int64_t output_index;
} sharc_mpmd_io_constraint;

typedef struct sharc_mpmd_io_constraints {
  unsigned n;
  const sharc_mpmd_io_constraint *items;
} sharc_mpmd_io_constraints;

/* SHARC_OPTION_CUSTOM parsers for the three. */
bool sharc_mpmd_parse_user_assignment(void *dst, const char *text, sharc_buf *err, void *owner);
bool sharc_mpmd_parse_indexed_assignment(void *dst, const char *text, sharc_buf *err, void *owner);
bool sharc_mpmd_parse_io_constraints(void *dst, const char *text, sharc_buf *err, void *owner);

/* Whether `c` names an input below `num_inputs` and an output below
 * `num_outputs` of `func`; otherwise false after an error on `func`. */
bool sharc_mpmd_io_constraint_in_range(sharc_op *func, sharc_mpmd_io_constraint c,
                                       unsigned num_inputs, unsigned num_outputs);

/* The entry for `name`, or NULL. */
const sharc_mpmd_name_assignment *sharc_mpmd_user_assignment_find(const sharc_mpmd_user_assignment *m,
                                                                 sharc_str name);

#define SHARC_MPMD_ASSIGNMENT_DESC                                                                 \
  "Mapping between names (of computations and tensors) and mesh names, and optionally stage "     \
  "ids. E.g., 'n0@m0,n1@m1' defines that names n0 and n1 will be assigned to meshes m0 and m1, " \
  "respectively. Alternatively 'n0@m0/0,n1@m1/1' means that these names are also assigned to "    \
  "the stages 0 and 1."
#define SHARC_MPMD_CONSTRAINTS_DESC                                                                \
  "A list of constraint, each enforcing that an input and output should be assigned to the "      \
  "same mesh."
#define SHARC_MPMD_INFER_TRANSFERS_DESC                                                            \
  "Whether to create transfers when needed, instead of erroring."
#define SHARC_MPMD_ERROR_LIMIT_DESC                                                                \
  "The number of errors to emit. Set to -1 to emit all errors. Cannot be 0."

#endif
