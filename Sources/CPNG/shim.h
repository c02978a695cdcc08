// Debian's libpng-dev: decodes cached artwork for the grid thumbnails (libpng's simplified API).
#include <png.h>

// PNG_FORMAT_RGBA is a macro built from other macros, which Swift does not import.
static const unsigned int CPNG_FORMAT_RGBA = PNG_FORMAT_RGBA;
