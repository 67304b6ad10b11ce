// Two helpers Swift can't write, both x86 string instructions. First, a 32-bit fill with
// `rep stosl`. Modern cores run long string stores as whole cache-line writes without reading
// the lines first (the path glibc's memset takes for bytes), which makes a background fill of
// a frame that is not in cache about twice as fast as a vector store loop. Other architectures
// get the plain loop.
#include <stddef.h>
#include <stdint.h>

static inline void panel_fill32(uint32_t *pixels, uint32_t value, size_t count) {
#if defined(__x86_64__)
    __asm__ volatile("rep stosl" : "+D"(pixels), "+c"(count) : "a"(value) : "memory");
#else
    for (size_t i = 0; i < count; i++) pixels[i] = value;
#endif
}

// Copies the `width` pixels at `row` into each of the `count` rows below it, `pitch` pixels
// apart. Where the rows are one run in memory (width == pitch) that is a single `rep movsb`
// from `row` to the row below over all `count` rows: a forward string move whose destination
// overlaps its source one row on repeats the row, by the instruction's definition (byte by
// byte, in order), and it runs as whole cache-line moves while the overlap is far more than a
// line. On the build machine a 64-row band copied so costs about a memset of it; copied one
// row at a time it took a third longer. Elsewhere, and for rows that are not one run, one
// memcpy per row.
static inline void panel_repeat_row(uint32_t *row, size_t width, size_t pitch, size_t count) {
    if (count == 0) return;
#if defined(__x86_64__)
    if (width == pitch) {
        void *to = row + pitch;
        const void *from = row;
        size_t bytes = count * pitch * sizeof(uint32_t);
        __asm__ volatile("rep movsb" : "+D"(to), "+S"(from), "+c"(bytes) : : "memory");
        return;
    }
#endif
    for (size_t i = 1; i <= count; i++) __builtin_memcpy(row + i * pitch, row, width * sizeof(uint32_t));
}
