/* SwiftPM builds a C target from at least one source file; the generator itself is header-only
   (include/test_image.h) so the native self-test, fuzz harnesses and tools can include it without this file. */
#include "test_image.h"
