// Debian's libwebp-dev: encodes the grid thumbnails (and decodes them, in tests).
#include <webp/encode.h>
#include <webp/decode.h>
