// One helper Swift can't write: a 32-bit fill with x86's `rep stosl`. Modern cores run long
// string stores as whole cache-line writes without reading the lines first (the path glibc's
// memset takes for bytes), which makes a background fill of a frame that is not in cache about
// twice as fast as a vector store loop. Other architectures get the plain loop.
#include <stddef.h>
#include <stdint.h>

static inline void panel_fill32(uint32_t *pixels, uint32_t value, size_t count) {
#if defined(__x86_64__)
    __asm__ volatile("rep stosl" : "+D"(pixels), "+c"(count) : "a"(value) : "memory");
#else
    for (size_t i = 0; i < count; i++) pixels[i] = value;
#endif
}
