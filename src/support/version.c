/* The library's version: one place for every tool's --version. */
#include "sharc/support.h"

#ifndef SHARC_VERSION_TEXT
#define SHARC_VERSION_TEXT "unknown"
#endif

const char *sharc_version(void) { return SHARC_VERSION_TEXT; }
