// Darwin: the C library calls AnimationKernel makes (ByteStorage). C's own headers come from the compiler
// (the check passes -ffreestanding).
#include <stddef.h>
#include <stdint.h>

void *_Nullable calloc(size_t count, size_t size);
void free(void *_Nullable pointer);
