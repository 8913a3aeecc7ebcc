/* Kernel family "reduce" (filled in by later steps). */
#include "interpret/interp.h"

const sharc_kernel sharc_kernels_reduce[] = {
    {NULL, NULL, 0},
};
