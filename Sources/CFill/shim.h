// Helpers Swift can't write. Two are x86 string instructions; the last two check and copy kept
// pictures in vectors the baseline lacks, with a function attribute Swift has no form of.
// First, a 32-bit fill with
// `rep stosl`. Modern cores run long string stores as whole cache-line writes without reading
// the lines first (the path glibc's memset takes for bytes), which makes a background fill of
// a frame that is not in cache about twice as fast as a vector store loop. Other architectures
// get the plain loop.
#include <stddef.h>
#include <stdint.h>

// The plain loop every other processor runs (tested on x86 too, beside the string store).
static inline void panel_fill32_portable(uint32_t *pixels, uint32_t value, size_t count) {
    for (size_t i = 0; i < count; i++) pixels[i] = value;
}

static inline void panel_fill32(uint32_t *pixels, uint32_t value, size_t count) {
#if defined(__x86_64__)
    __asm__ volatile("rep stosl" : "+D"(pixels), "+c"(count) : "a"(value) : "memory");
#else
    panel_fill32_portable(pixels, value, count);
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
static inline void panel_repeat_row_portable(uint32_t *row, size_t width, size_t pitch, size_t count) {
    for (size_t i = 1; i <= count; i++) __builtin_memcpy(row + i * pitch, row, width * sizeof(uint32_t));
}

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
    panel_repeat_row_portable(row, width, pitch, count);
}

// Whether each of `rows` rows of `width` pixels, `pitch` pixels apart from `first`, holds only
// `colour`: the check before kept text or a kept widget is copied over its row. Kept pictures
// are 40 to 110 pixels wide, so a row's last pixels are read as the vector that ends it,
// overlapping the ones before. Where the processor has AVX2 (x86-64-v3: nearly every x86 since
// 2013, not some Atom and Pentium kiosk boards) eight pixels a load, checked for at run time;
// otherwise four (`panel_rows_flat_portable`).
typedef uint32_t panel_u32x4 __attribute__((vector_size(16), aligned(4)));
#if defined(__x86_64__)
typedef uint32_t panel_u32x8 __attribute__((vector_size(32), aligned(4)));

__attribute__((target("avx2")))
static int panel_rows_flat_avx2(const uint32_t *first, size_t pitch, size_t width, size_t rows, uint32_t colour) {
    panel_u32x8 wide = {colour, colour, colour, colour, colour, colour, colour, colour};
    for (size_t y = 0; y < rows; y++) {
        const uint32_t *row = first + y * pitch;
        if (width >= 8) {
            panel_u32x8 differs = *(const panel_u32x8 *)(row + width - 8) ^ wide;
            for (size_t x = 0; x + 8 <= width; x += 8) differs |= *(const panel_u32x8 *)(row + x) ^ wide;
            panel_u32x4 half = __builtin_shufflevector(differs, differs, 0, 1, 2, 3) | __builtin_shufflevector(differs, differs, 4, 5, 6, 7);
            if ((half[0] | half[1] | half[2] | half[3]) != 0) return 0;
        } else {
            for (size_t x = 0; x < width; x++) if (row[x] != colour) return 0;
        }
    }
    return 1;
}

// Copies `rows` rows of `width` pixels from `from` (`from_pitch` pixels apart) to `to`
// (`to_pitch` apart), the two not overlapping: kept text and widgets onto their rows. A row's
// last pixels are copied as the vector that ends it, writing again the same values the vectors
// before it wrote, so a 53-pixel row takes seven loads and stores and no call.
__attribute__((target("avx2")))
static void panel_copy_rows_avx2(uint32_t *to, size_t to_pitch, const uint32_t *from, size_t from_pitch, size_t width, size_t rows) {
    for (size_t y = 0; y < rows; y++, to += to_pitch, from += from_pitch) {
        if (width < 8) {
            for (size_t x = 0; x < width; x++) to[x] = from[x];
            continue;
        }
        for (size_t x = 0; x + 8 <= width; x += 8) *(panel_u32x8 *)(to + x) = *(const panel_u32x8 *)(from + x);
        *(panel_u32x8 *)(to + width - 8) = *(const panel_u32x8 *)(from + width - 8);
    }
}

// 1 with AVX2 usable (the processor has it and the kernel saves its registers), else 0.
static inline int panel_has_avx2(void) {
    static int known = -1;
    if (known < 0) {
        unsigned a, b, c, d;
        int found = 0;
        __asm__("cpuid" : "=a"(a), "=b"(b), "=c"(c), "=d"(d) : "a"(0));
        if (a >= 7) {
            __asm__("cpuid" : "=a"(a), "=b"(b), "=c"(c), "=d"(d) : "a"(1), "c"(0));
            // OSXSAVE and AVX, then XCR0's SSE and AVX state bits.
            if ((c & (1u << 27)) && (c & (1u << 28))) {
                unsigned lo, hi;
                __asm__("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
                if ((lo & 6) == 6) {
                    __asm__("cpuid" : "=a"(a), "=b"(b), "=c"(c), "=d"(d) : "a"(7), "c"(0));
                    found = (b & (1u << 5)) != 0;
                }
            }
        }
        known = found;
    }
    return known;
}
#endif

// The same check four pixels a load, in any processor's vectors (SSE2 on x86-64).
static inline int panel_rows_flat_portable(const uint32_t *first, size_t pitch, size_t width, size_t rows, uint32_t colour) {
    panel_u32x4 wide = {colour, colour, colour, colour};
    for (size_t y = 0; y < rows; y++) {
        const uint32_t *row = first + y * pitch;
        if (width >= 4) {
            panel_u32x4 differs = *(const panel_u32x4 *)(row + width - 4) ^ wide;
            for (size_t x = 0; x + 4 <= width; x += 4) differs |= *(const panel_u32x4 *)(row + x) ^ wide;
            if ((differs[0] | differs[1] | differs[2] | differs[3]) != 0) return 0;
        } else {
            for (size_t x = 0; x < width; x++) if (row[x] != colour) return 0;
        }
    }
    return 1;
}

// The same copy four pixels a load.
static inline void panel_copy_rows_portable(uint32_t *to, size_t to_pitch, const uint32_t *from, size_t from_pitch, size_t width, size_t rows) {
    for (size_t y = 0; y < rows; y++, to += to_pitch, from += from_pitch) {
        if (width < 4) {
            for (size_t x = 0; x < width; x++) to[x] = from[x];
            continue;
        }
        for (size_t x = 0; x + 4 <= width; x += 4) *(panel_u32x4 *)(to + x) = *(const panel_u32x4 *)(from + x);
        *(panel_u32x4 *)(to + width - 4) = *(const panel_u32x4 *)(from + width - 4);
    }
}

static inline void panel_copy_rows(uint32_t *to, size_t to_pitch, const uint32_t *from, size_t from_pitch, size_t width, size_t rows) {
#if defined(__x86_64__)
    if (panel_has_avx2()) return panel_copy_rows_avx2(to, to_pitch, from, from_pitch, width, rows);
#endif
    panel_copy_rows_portable(to, to_pitch, from, from_pitch, width, rows);
}

static inline int panel_rows_flat(const uint32_t *first, size_t pitch, size_t width, size_t rows, uint32_t colour) {
#if defined(__x86_64__)
    if (panel_has_avx2()) return panel_rows_flat_avx2(first, pitch, width, rows, colour);
#endif
    return panel_rows_flat_portable(first, pitch, width, rows, colour);
}

// A number not handed out before in this process (1, 2, 3, ...), whichever thread asks: what
// a panel model's look is versioned by, so that two copies of one model changed apart never
// share a version (`PanelModel.lookVersion`).
static inline uint64_t panel_next_version(void) {
    static uint64_t last;
    return __atomic_add_fetch(&last, 1, __ATOMIC_RELAXED);
}
