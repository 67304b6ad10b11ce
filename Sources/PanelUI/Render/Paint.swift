import CFill

/// A colour made ready for blending many pixels: channels pre-split for packed integer maths
/// and alpha already multiplied by the canvas opacity.
struct Paint {
    /// `0x00RR00BB`: red and blue blend together in one 32-bit multiply.
    private let rb: UInt32
    private let g: UInt32
    /// For `blend4`, four pixels' bytes in 16-bit lanes: blue and red (the even bytes in memory
    /// order), then green and 0 (the odd ones).
    private let evenChannels: SIMD8<UInt16>
    private let oddChannels: SIMD8<UInt16>
    let pixel: UInt32
    /// Colour alpha × opacity, 1...255; the alpha of a fully covered pixel.
    let alpha: UInt32

    /// nil when nothing would show (transparent colour or zero opacity), so callers can skip the work.
    init?(_ color: Color, opacity: Double) {
        let o = opacity.isNaN ? 0 : min(max(opacity, 0), 1)
        let a = UInt32((Double(color.a) * o).rounded())
        guard a > 0 else { return nil }
        alpha = a
        pixel = color.xrgb
        rb = pixel & 0xFF00FF
        g = UInt32(color.g)
        let (b, r, g) = (UInt16(color.b), UInt16(color.r), UInt16(color.g))
        evenChannels = SIMD8(b, r, b, r, b, r, b, r)
        oddChannels = SIMD8(g, 0, g, 0, g, 0, g, 0)
    }

    var isOpaque: Bool { alpha == 255 }

    /// The blend alpha for a coverage of 0...1. Coverage is quantised to 8 bits first so that
    /// float noise near full coverage can't make an edge pixel differ from a plain interior store.
    /// The tolerance rounds exact halves up even when the distance maths lands a hair below:
    /// edges on half pixels are common and must not depend on how the distance was computed.
    /// A coverage past 1 is 1, and one below 0 or NaN (a distance from wild coordinates) is 0.
    @inline(__always)
    func alpha(coverage: Double) -> UInt32 {
        let c = coverage * 255 + (0.5 + 1e-7)
        return alpha(coverage8: c > 0 ? (c < 255 ? UInt32(c) : 255) : 0)
    }

    @inline(__always)
    func alpha(coverage8 c: UInt32) -> UInt32 {
        div255(c &* alpha)
    }

    /// `alpha(coverage8:)` of four coverages, in 16-bit lanes (c·alpha + 128 stays below 2^16).
    @inline(__always)
    func alphas(coverage8 c: SIMD4<UInt16>) -> SIMD4<UInt16> {
        let t = c &* UInt16(truncatingIfNeeded: alpha) &+ 128
        return (t &+ (t &>> 8)) &>> 8
    }

    /// dst = src·a + dst·(1 − a), each channel rounded to nearest, so a = 255 stores the exact colour.
    @inline(__always)
    func blend(_ p: UnsafeMutablePointer<UInt32>, alpha a: UInt32) {
        if a >= 255 { p.pointee = pixel; return }
        if a == 0 { return }
        let d = p.pointee, ia = 255 &- a
        var rbSum = (d & 0xFF00FF) &* ia &+ rb &* a &+ 0x80_0080
        rbSum = ((rbSum &+ ((rbSum >> 8) & 0xFF00FF)) >> 8) & 0xFF00FF
        let gSum = ((d >> 8) & 0xFF) &* ia &+ g &* a
        p.pointee = rbSum | div255(gSum) << 8
    }

    /// Four neighbouring pixels, each blended with its own alpha (0...255): exactly `blend`
    /// lane by lane. The 16 bytes are taken as eight 16-bit lanes, split into their even bytes
    /// (blue, red) and odd ones (green, the unused fourth byte), each channel mixed in its lane
    /// and the two put back together: SSE2 multiplies 16-bit lanes natively (d·(255 − a) + s·a
    /// + 128 is at most 65153, and adding its high byte stays below 2^16), and no lane is
    /// widened or narrowed, which Swift's generic SIMD conversions do element by element.
    @inline(__always)
    func blend4(_ p: UnsafeMutablePointer<UInt32>, alphas a: SIMD4<UInt16>) {
        let raw = UnsafeMutableRawPointer(p)
        let d = raw.loadUnaligned(as: SIMD4<UInt32>.self)
        let lanes = unsafeBitCast(d, to: SIMD8<UInt16>.self)
        let alpha = SIMD8<UInt16>(a[0], a[0], a[1], a[1], a[2], a[2], a[3], a[3])
        let even = mix(lanes & 0x00FF, evenChannels, alpha), odd = mix(lanes &>> 8, oddChannels, alpha)
        // The fourth byte of each pixel is zero, as `blend` leaves it.
        var out = unsafeBitCast(even | (odd &<< 8), to: SIMD4<UInt32>.self) & 0x00FF_FFFF
        // As `blend`: no alpha leaves the pixel as it was, full alpha stores the colour.
        let a32 = SIMD4<UInt32>(UInt32(a[0]), UInt32(a[1]), UInt32(a[2]), UInt32(a[3]))
        out.replace(with: d, where: a32 .== 0)
        out.replace(with: SIMD4(repeating: pixel), where: a32 .>= 255)
        raw.storeBytes(of: out, as: SIMD4<UInt32>.self)
    }

    /// One channel per lane blended, rounded as `div255`.
    @inline(__always)
    private func mix(_ d: SIMD8<UInt16>, _ s: SIMD8<UInt16>, _ a: SIMD8<UInt16>) -> SIMD8<UInt16> {
        let v = d &* (255 &- a) &+ s &* a &+ 128
        return (v &+ (v &>> 8)) &>> 8
    }

    /// A run of fully covered pixels: plain stores when opaque, which is what makes big fills cost a memset.
    @inline(__always)
    func fillSpan(_ start: UnsafeMutablePointer<UInt32>, count: Int) {
        blendSpan(start, count: count, alpha: alpha)
    }

    /// `blend(_:alpha:)` of each of `count` pixels with one alpha, the source half of its sums
    /// worked out once: a fill's inside, or a shape's rows where every pixel is as far from the
    /// outline.
    @inline(__always)
    func blendSpan(_ start: UnsafeMutablePointer<UInt32>, count: Int, alpha a: UInt32) {
        guard count > 0, a > 0 else { return }
        if a >= 255 {
            store(pixel, start, count)
            return
        }
        let ia = 255 &- a
        let rbSource = rb &* a &+ 0x80_0080, gSource = g &* a &+ 0x80
        for i in 0..<count {
            let d = start[i]
            var rbSum = (d & 0xFF00FF) &* ia &+ rbSource
            rbSum = ((rbSum &+ ((rbSum >> 8) & 0xFF00FF)) >> 8) & 0xFF00FF
            var gSum = ((d >> 8) & 0xFF) &* ia &+ gSource
            gSum = (gSum &+ (gSum >> 8)) >> 8
            start[i] = rbSum | gSum << 8
        }
    }
}

/// x / 255 rounded to nearest, exact for x ≤ 255·255.
@inline(__always)
func div255(_ x: UInt32) -> UInt32 {
    let t = x &+ 128
    return (t &+ (t >> 8)) >> 8
}

/// `count` copies of `pixel` from `start`. Long runs (background bands, group interiors) go
/// through string stores (CFill), which write whole cache lines without reading them first;
/// short ones through 64-byte vector stores, where the string instruction's start-up cost
/// would dominate.
@inline(__always)
func store(_ pixel: UInt32, _ start: UnsafeMutablePointer<UInt32>, _ count: Int) {
    if count >= stringStoreThreshold {
        panel_fill32(start, pixel, count)
        return
    }
    let raw = UnsafeMutableRawPointer(start)
    let wide = SIMD16<UInt32>(repeating: pixel)
    var i = 0
    while i &+ 16 <= count {
        raw.storeBytes(of: wide, toByteOffset: i &* 4, as: SIMD16<UInt32>.self)
        i &+= 16
    }
    while i < count {
        start[i] = pixel
        i &+= 1
    }
}

/// Pixels from which a run is filled with string stores (measured: below a few hundred
/// pixels the vector loop is as fast).
let stringStoreThreshold = 512
