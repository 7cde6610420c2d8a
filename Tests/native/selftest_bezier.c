/* Native checks of the bezier family. Placeholder until the family lands. */
#include "selftest.h"

void selftest_bezier(void) {}
