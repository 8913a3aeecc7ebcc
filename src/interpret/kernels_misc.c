/* Kernel family "misc" (filled in by later steps). */
#include "interpret/interp.h"

const sharc_kernel sharc_kernels_misc[] = {
    {NULL, NULL, 0},
};
