import Glibc

/// SplitMix64: tiny, fast and fully determined by its seed, so a failing run repeats exactly.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// A seeded mutation fuzzer for a parser: it starts from a corpus of valid inputs and keeps
/// breaking them (bit flips, deleted or repeated spans, splices between corpus files, tokens
/// of the format, random bytes), runs the parser on each, and lets the caller check the outcome.
/// Inputs stay under `maximumSize` bytes so that a slow parser shows as a time failure, not a hang.
///
/// `PANEL_FUZZ_ITERATIONS` runs longer (a hunt); with `PANEL_FUZZ_LAST=FILE` each input is
/// written there before it runs, so a crash leaves its input behind to become a regression file.
struct Fuzzer {
    var corpus: [[UInt8]]
    /// Words of the format worth inserting whole: keys, punctuation, numbers at the edges.
    var tokens: [String]
    var maximumSize = 4096
    var seed: UInt64

    static var iterationOverride: Int? { getenv("PANEL_FUZZ_ITERATIONS").flatMap { Int(String(cString: $0)) } }

    /// Runs `check` on the corpus itself and then on `iterations` mutants; returns how many ran.
    @discardableResult
    func run(iterations: Int, _ check: ([UInt8]) -> Void) -> Int {
        var random = SplitMix64(seed: seed)
        let count = Self.iterationOverride ?? iterations
        let lastInputPath = getenv("PANEL_FUZZ_LAST").map { String(cString: $0) }
        for input in corpus { check(input) }
        for _ in 0..<count {
            let input = mutant(&random)
            if let lastInputPath { writeBytes(input, to: lastInputPath) }
            check(input)
        }
        return corpus.count + count
    }

    func mutant(_ random: inout SplitMix64) -> [UInt8] {
        var bytes = corpus.randomElement(using: &random) ?? []
        for _ in 0..<Int.random(in: 1...8, using: &random) {
            mutate(&bytes, &random)
        }
        return Array(bytes.prefix(maximumSize))
    }

    private func mutate(_ bytes: inout [UInt8], _ random: inout SplitMix64) {
        let position = bytes.isEmpty ? 0 : Int.random(in: 0...bytes.count, using: &random)
        switch Int.random(in: 0..<9, using: &random) {
        case 0 where !bytes.isEmpty:  // flip a bit
            let i = Int.random(in: 0..<bytes.count, using: &random)
            bytes[i] ^= 1 << UInt8.random(in: 0..<8, using: &random)
        case 1 where !bytes.isEmpty:  // delete a span
            let end = min(bytes.count, position + Int.random(in: 1...64, using: &random))
            bytes.removeSubrange(min(position, end)..<end)
        case 2 where !bytes.isEmpty:  // repeat a span
            let end = min(bytes.count, position + Int.random(in: 1...32, using: &random))
            let span = bytes[min(position, end)..<end]
            bytes.insert(contentsOf: Array(repeating: Array(span), count: Int.random(in: 1...16, using: &random)).joined(), at: position)
        case 3:  // a token of the format
            if let token = tokens.randomElement(using: &random) { bytes.insert(contentsOf: Array(token.utf8), at: position) }
        case 4:  // splice in part of another corpus file
            if let other = corpus.randomElement(using: &random), !other.isEmpty {
                let start = Int.random(in: 0..<other.count, using: &random)
                bytes.insert(contentsOf: other[start..<min(other.count, start + Int.random(in: 1...256, using: &random))], at: position)
            }
        case 5:  // bytes that are hard on text handling
            let nasty: [[UInt8]] = [[0], [0xFF], [0xC3], [0xE2, 0x82], [0xF0, 0x9F, 0x98, 0x80], [0x0D], [0x09], [0xEF, 0xBB, 0xBF]]
            bytes.insert(contentsOf: nasty.randomElement(using: &random)!, at: position)
        case 6 where !bytes.isEmpty:  // truncate
            bytes.removeSubrange(position..<bytes.count)
        case 7:  // a number at the edges of what fits
            let numbers = ["0", "-1", "4294967295", "2147483648", "-2147483649", "9223372036854775807", "18446744073709551616",
                           "1e308", "1e309", "-1e-400", "0x10", "1.5", "nan", "inf", "-0", "99999999999999999999999"]
            bytes.insert(contentsOf: Array(numbers.randomElement(using: &random)!.utf8), at: position)
        default:  // a random byte
            bytes.insert(UInt8.random(in: 0...255, using: &random), at: position)
        }
    }

    /// The files of a corpus folder (Tests/PanelUITests/Corpus/NAME), sorted by name.
    static func corpus(_ name: String) -> [[UInt8]] {
        corpusNames(name).compactMap { readBytes("\(corpusFolder(name))/\($0)") }
    }

    static func corpusNames(_ name: String) -> [String] {
        guard let directory = opendir(corpusFolder(name)) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) {
                String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
            }
            if !name.hasPrefix(".") { names.append(name) }
        }
        return names.sorted()
    }

    static func corpusFolder(_ name: String) -> String {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(2)  // Robustness/Fuzzer.swift
        return parts.joined(separator: "/") + "/Corpus/\(name)"
    }
}

/// Wall time of `body` in seconds, for "no hang" bounds.
func secondsTaken(_ body: () -> Void) -> Double {
    var start = timespec(), end = timespec()
    clock_gettime(CLOCK_MONOTONIC, &start)
    body()
    clock_gettime(CLOCK_MONOTONIC, &end)
    return Double(end.tv_sec - start.tv_sec) + Double(end.tv_nsec - start.tv_nsec) / 1e9
}
