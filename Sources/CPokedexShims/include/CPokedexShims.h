// System calls that Swift's Glibc module does not expose (they need _GNU_SOURCE, which a module header must not
// define: it would change shared system types). Implemented in shims.c.
#ifndef CPOKEDEX_SHIMS_H
#define CPOKEDEX_SHIMS_H

#include <sys/types.h>

/// copy_file_range(2) from the current offsets: copies in the kernel, sharing blocks where the file system can.
/// Where the system has none, -1 with errno ENOSYS.
ssize_t pokedex_copy_file_range(int input, int output, size_t length);

/// Glibc's mallopt(M_TRIM_THRESHOLD, bytes): the free memory each arena may keep before giving it back to the
/// system, which also stops Glibc from raising it as the program runs. Elsewhere, nothing (returns 0).
int pokedex_set_malloc_trim_threshold(int bytes);

#endif
