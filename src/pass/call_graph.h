/* The call graph's walks and MLIR's shape of it, for the passes that need
 * more than sharc/pass.h publishes: one depth-first walk of the module's
 * graph (post-orders and cycle searches are built on it), and MLIR's
 * CallGraph (a node per callable region at any depth) with its SCC order,
 * which the inliner's output order depends on. */
#ifndef SHARC_PASS_CALL_GRAPH_H
#define SHARC_PASS_CALL_GRAPH_H

#include "sharc/pass.h"

/* ---- the module's graph (sharc_call_graph_build) --------------------------------- */

/* Whether a depth-first walk follows `call` to `callee` (a node). */
typedef bool (*sharc_call_graph_follow_fn)(sharc_op *call, sharc_op *callee);

/* Depth-first from node `root` along the calls of each function in walk
 * order whose callee is a node and that `follow` accepts (NULL: all).
 * `state` (size() bytes) says 0 unvisited, 1 on the stack, 2 done; a node
 * already visited is not entered again. Finished functions are appended to
 * `post[*n_post]` when `post` is set. Returns the first call that reaches a
 * function on the stack (closes a cycle), or NULL. */
sharc_op *sharc_call_graph_dfs(const sharc_call_graph *cg, unsigned root, unsigned char *state,
                               sharc_call_graph_follow_fn follow, sharc_op **post,
                               unsigned *n_post);

/* A call through which the followed calls between functions with a body
 * close a cycle, or NULL; the search starts from the functions in module
 * order. */
sharc_op *sharc_call_graph_find_cycle(const sharc_call_graph *cg, sharc_call_graph_follow_fn follow);

/* ---- MLIR's CallGraph ---------------------------------------------------------------- */

/* Nodes 0 and 1 of the graph below: the external caller (with an edge to
 * every callable not nested in another) and the unknown callee (of calls
 * that resolve to nothing with a body). */
enum { SHARC_CG_EXTERNAL_NODE, SHARC_CG_UNKNOWN_NODE };
typedef enum { SHARC_CG_EDGE_ABSTRACT, SHARC_CG_EDGE_CALL, SHARC_CG_EDGE_CHILD } sharc_cg_edge_kind;

/* FunctionOpInterface's callable region: the body of a callable op, NULL
 * for a declaration or an op that is not callable. */
sharc_region *sharc_callable_region(sharc_op *op);

/* MLIR's CallGraph of everything under `top`: a node per callable region,
 * nested callables included, each with its edges in insertion order (child
 * edges, then call edges; each (target, kind) once). sharc_call_graph_func
 * gives a node's callable (NULL for nodes 0 and 1); the call and caller
 * lists of the module's graph are left empty. Free with
 * sharc_call_graph_destroy. */
sharc_call_graph *sharc_call_graph_build_regions(sharc_op *top);
sharc_region *sharc_call_graph_region(const sharc_call_graph *cg, unsigned i);
/* The node of the enclosing callable, or -1. */
int sharc_call_graph_parent(const sharc_call_graph *cg, unsigned i);
bool sharc_call_graph_has_children(const sharc_call_graph *cg, unsigned i);
unsigned sharc_call_graph_num_edges(const sharc_call_graph *cg, unsigned i);
unsigned sharc_call_graph_edge_target(const sharc_call_graph *cg, unsigned i, unsigned k);
sharc_cg_edge_kind sharc_call_graph_edge_kind(const sharc_call_graph *cg, unsigned i, unsigned k);
/* The node of a callable region or of a callable op's body, or -1. */
int sharc_call_graph_node_of_region(const sharc_call_graph *cg, const sharc_region *r);
int sharc_call_graph_node_of_callable(const sharc_call_graph *cg, sharc_op *op);
/* The node a call op resolves to (CallOpInterface's resolveCallableInTable
 * from the nearest symbol table), SHARC_CG_UNKNOWN_NODE when none. */
unsigned sharc_call_graph_resolve_call(const sharc_call_graph *cg, sharc_op *call);
/* The strongly connected components reachable from the external node in
 * llvm::scc_iterator's order (callees first): component k is
 * nodes[ends[k-1] .. ends[k]) (ends[-1] = 0). `nodes` and `ends` have
 * size() entries. Returns how many components. */
unsigned sharc_call_graph_sccs(const sharc_call_graph *cg, unsigned *nodes, unsigned *ends);

#endif
