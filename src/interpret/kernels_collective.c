/* Kernel family "collective" (filled in by later steps). */
#include "interpret/interp.h"

const sharc_kernel sharc_kernels_collective[] = {
    {NULL, NULL, 0},
};
