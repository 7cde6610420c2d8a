/* Native checks of the blur family. Placeholder until the family lands. */
#include "selftest.h"

void selftest_blur(void) {}
