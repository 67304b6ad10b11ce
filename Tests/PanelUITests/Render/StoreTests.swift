import Testing
@testable import PanelUI

/// The run fill behind every opaque span: vector stores below the threshold, string stores
/// (CFill) above it. Every length writes exactly its pixels, and nothing beside them.
struct StoreTests {
    @Test(arguments: [0, 1, 15, 16, 17, 63, stringStoreThreshold - 1, stringStoreThreshold, stringStoreThreshold + 1, 1921, 4099])
    func writesExactlyTheRun(_ count: Int) {
        let guardPixels = 8
        let buffer = UnsafeMutableBufferPointer<UInt32>.allocate(capacity: count + 2 * guardPixels + 1)
        defer { buffer.deallocate() }
        // Start one pixel past a 16-byte boundary, as spans inside rows usually do.
        buffer.initialize(repeating: 0xDEAD_BEEF)
        let start = buffer.baseAddress! + guardPixels + 1
        store(0x00F2_F2F7, start, count)
        for i in 0..<buffer.count {
            let inside = i >= guardPixels + 1 && i < guardPixels + 1 + count
            #expect(buffer[i] == (inside ? 0x00F2_F2F7 : 0xDEAD_BEEF), "pixel \(i) of a \(count)-pixel run")
        }
    }
}
