/// Pixel layouts of scanout memory.
public enum ScanoutFormat: String, Sendable, CaseIterable {
    /// 32 bits, `0x00RRGGBB` (DRM_FORMAT_XRGB8888): what nearly every display takes.
    case xrgb8888
    /// 16 bits, 5-6-5 (DRM_FORMAT_RGB565): small SPI panels that take nothing else.
    case rgb565

    public var bytesPerPixel: Int { self == .xrgb8888 ? 4 : 2 }

    /// The DRM fourcc code ("XR24", "RG16").
    public var fourcc: UInt32 { self == .xrgb8888 ? 0x3432_5258 : 0x3631_4752 }

    /// One XRGB8888 pixel in this format (RGB565 keeps the top bits of each channel).
    @inline(__always)
    static func rgb565(_ pixel: UInt32) -> UInt16 {
        UInt16(truncatingIfNeeded: (pixel >> 8 & 0xF800) | (pixel >> 5 & 0x07E0) | (pixel >> 3 & 0x001F))
    }
}

/// Screen memory outside Swift's control: a mapped DRM dumb buffer with its own row pitch.
public struct ScanoutTarget {
    public var base: UnsafeMutableRawPointer
    /// Bytes from one row to the next (drivers pad rows).
    public var pitch: Int
    public var size: Size
    public var format: ScanoutFormat

    public init(base: UnsafeMutableRawPointer, pitch: Int, size: Size, format: ScanoutFormat) {
        self.base = base
        self.pitch = pitch
        self.size = size
        self.format = format
    }
}

extension PixelBuffer {
    /// Copies the logical rectangle `rect` of this frame into `target` (a screen of the
    /// rotated size), turned by `rotation` and converted to the target's format.
    ///
    /// The target is walked row by row and only written, never read: dumb buffers are
    /// often write-combined memory, where reads are very slow and scattered writes defeat
    /// the combining. Gives the same pixels as `copyRotated(from:rect:rotation:)`.
    public func copyRotated(rect: Rect, rotation: Rotation, into target: ScanoutTarget) {
        let r = rect.intersection(bounds)
        guard !r.isEmpty else { return }
        let s = rotation.toScreen(r, logical: size)
        let lw = width, lh = height
        // For screen pixel (sx, sy): the source index at the row's first pixel, and its step per sx.
        let start: (Int) -> Int
        let step: Int
        switch rotation {
        case .r0: start = { sy in sy * lw + s.minX }; step = 1
        case .r90: start = { sy in (lh - 1 - s.minX) * lw + sy }; step = -lw
        case .r180: start = { sy in (lh - 1 - sy) * lw + (lw - 1 - s.minX) }; step = -1
        case .r270: start = { sy in s.minX * lw + (lw - 1 - sy) }; step = lw
        }
        let src = pixels.baseAddress!
        // A quarter turn reads the frame down its columns. Walking the screen a whole row at a
        // time would touch a new cache line of the frame for every pixel, so it goes in strips
        // 16 screen columns wide: a strip's frame lines are read once, and each screen row is
        // still written a whole cache line at a time; four screen rows go together, so each
        // frame read is a vector (1080p: 1.7 ms a frame row by row, 0.4 ms so; `panel bench`).
        let tile = step == 1 || step == -1 ? s.width : Self.transposeTile
        for left in stride(from: s.minX, to: s.maxX, by: tile) {
            let columns = left..<min(left + tile, s.maxX)
            var sy = s.minY
            while sy < s.maxY {
                if tile == Self.transposeTile, target.format == .xrgb8888, sy + 4 <= s.maxY {
                    // Four screen rows at once: one frame row holds a screen column's four pixels.
                    let first = start(sy) + (columns.lowerBound - s.minX) * step
                    Self.transposeFourRows(src + first, step: step, rowStep: start(sy + 1) - start(sy), count: columns.count,
                                           into: target.base + sy * target.pitch + columns.lowerBound * 4, pitch: target.pitch)
                    sy += 4
                    continue
                }
                var i = start(sy) + (columns.lowerBound - s.minX) * step
                let row = target.base + sy * target.pitch + columns.lowerBound * target.format.bytesPerPixel
                switch target.format {
                case .xrgb8888:
                    let out = row.assumingMemoryBound(to: UInt32.self)
                    if step == 1 {
                        out.update(from: src + i, count: columns.count)
                    } else if step == -1 {
                        Self.copyReversed(src + i, to: out, count: columns.count)
                    } else {
                        for k in 0..<columns.count { out[k] = src[i]; i += step }
                    }
                case .rgb565:
                    let out = row.assumingMemoryBound(to: UInt16.self)
                    for k in 0..<columns.count { out[k] = ScanoutFormat.rgb565(src[i]); i += step }
                }
                sy += 1
            }
        }
    }

    /// Four screen rows of `count` pixels from a quarter turn: screen pixel (k, row) is
    /// `first[k * step + row * rowStep]`, `rowStep` being ±1, so each k's four pixels are
    /// neighbours in one frame row; they are loaded as one vector and stored transposed.
    @inline(__always)
    static func transposeFourRows(_ first: UnsafePointer<UInt32>, step: Int, rowStep: Int, count: Int,
                                  into out: UnsafeMutableRawPointer, pitch: Int) {
        @inline(__always)
        func column(_ k: Int) -> SIMD4<UInt32> {
            let p = first + k * step
            if rowStep == 1 { return UnsafeRawPointer(p).loadUnaligned(as: SIMD4<UInt32>.self) }
            let v = UnsafeRawPointer(p - 3).loadUnaligned(as: SIMD4<UInt32>.self)
            return SIMD4(v[3], v[2], v[1], v[0])
        }
        var k = 0
        while k + 4 <= count {
            let a = column(k), b = column(k + 1), c = column(k + 2), d = column(k + 3)
            for row in 0..<4 {
                (out + row * pitch + k * 4).storeBytes(of: SIMD4(a[row], b[row], c[row], d[row]), as: SIMD4<UInt32>.self)
            }
            k += 4
        }
        while k < count {
            for row in 0..<4 {
                (out + row * pitch + k * 4).storeBytes(of: first[k * step + row * rowStep], as: UInt32.self)
            }
            k += 1
        }
    }

    /// `count` pixels read backwards from `last`, four at a time (a half turn's rows).
    @inline(__always)
    static func copyReversed(_ last: UnsafePointer<UInt32>, to out: UnsafeMutablePointer<UInt32>, count: Int) {
        var k = 0
        while k + 4 <= count {
            let v = UnsafeRawPointer(last - k - 3).loadUnaligned(as: SIMD4<UInt32>.self)
            UnsafeMutableRawPointer(out + k).storeBytes(of: SIMD4(v[3], v[2], v[1], v[0]), as: SIMD4<UInt32>.self)
            k += 4
        }
        while k < count {
            out[k] = last[-k]
            k += 1
        }
    }

    /// Screen columns per tile of a quarter-turn copy: 16 XRGB pixels are one 64-byte line.
    static let transposeTile = 16
}
