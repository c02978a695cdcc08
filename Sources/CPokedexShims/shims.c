#define _GNU_SOURCE
#include <errno.h>
#include <unistd.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include "CPokedexShims.h"

ssize_t pokedex_copy_file_range(int input, int output, size_t length) {
#ifdef __linux__
    return copy_file_range(input, NULL, output, NULL, length, 0);
#else
    (void)input; (void)output; (void)length;
    errno = ENOSYS;
    return -1;
#endif
}

int pokedex_set_malloc_trim_threshold(int bytes) {
#ifdef __GLIBC__
    return mallopt(M_TRIM_THRESHOLD, bytes);
#else
    (void)bytes;
    return 0;
#endif
}
