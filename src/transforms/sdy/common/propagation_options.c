/* The debugging flags' option text that the import, propagation and export
 * pipelines hand their passes: one table, so the three spell them alike. */
#include "transforms/sdy/common/propagation_options.h"

#include <stddef.h>

const char *sharc_sdy_debug_options_text(bool sink, bool origins, bool edges) {
  /* [sink][both, origins only, edges only] */
  static const char *const text[2][3] = {
      {"debug-sharding-origins=true debug-propagation-edge-sharding=true",
       "debug-sharding-origins=true", "debug-propagation-edge-sharding=true"},
      {"sink-debug-sharding-origins=true sink-debug-propagation-edge-sharding=true",
       "sink-debug-sharding-origins=true", "sink-debug-propagation-edge-sharding=true"},
  };
  if (!origins && !edges)
    return NULL;
  return text[sink][origins && edges ? 0 : origins ? 1 : 2];
}
