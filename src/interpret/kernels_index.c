/* Kernel family "index" (filled in by later steps). */
#include "interpret/interp.h"

const sharc_kernel sharc_kernels_index[] = {
    {NULL, NULL, 0},
};
