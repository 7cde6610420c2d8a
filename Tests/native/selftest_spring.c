/* Native checks of the spring family. Placeholder until the family lands. */
#include "selftest.h"

void selftest_spring(void) {}
