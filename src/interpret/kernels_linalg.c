/* Kernel family "linalg" (filled in by later steps). */
#include "interpret/interp.h"

const sharc_kernel sharc_kernels_linalg[] = {
    {NULL, NULL, 0},
};
