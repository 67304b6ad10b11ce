/// Reads evemu recordings (`evemu-record` output, any version).
///
/// Line kinds, as evemu writes them: `N: name`, `I: bus vendor product version` (hex),
/// `P:` property bitmask bytes, `B: type bytes…` event-code bitmask bytes (several lines
/// of one type continue the mask), `A: code min max fuzz flat [resolution]` (code hex,
/// the rest decimal; files before evemu 1.1 have no resolution), `L:`/`S:` LED and switch
/// state (not needed here), `E: sec.usec type code value` (type and code hex, value
/// decimal). `#` starts a comment; evemu 1.3 appends one to every `E:` line.
enum EvemuParser {
    /// Reads `bytes` line by line: only the events are kept, never the text.
    static func parse(_ bytes: RecordingBytes) throws(RecordingError) -> Recording {
        var parser = State(file: bytes.file)
        while let line = try bytes.nextLine() {
            guard let text = String(validating: line, as: UTF8.self) else {
                throw RecordingError(file: bytes.file, line: bytes.lineNumber, message: "line is not UTF-8 text")
            }
            try parser.read(line: text[...], number: bytes.lineNumber)
        }
        return try parser.finish()
    }

    private struct State {
        let file: String
        var device = InputDeviceInfo()
        var events: [InputEvent] = []
        var clock = EventClock()
        var nameLine: Int?
        var idLine: Int?
        var propertyBytes = 0
        var maskBytes: [UInt16: Int] = [:]
        /// Where a missing header line is reported: the end of what was written.
        var lastContentLine = 1

        init(file: String) { self.file = file }

        func error(_ line: Int, _ message: String) -> RecordingError {
            RecordingError(file: file, line: line, message: message)
        }

        mutating func read(line rawLine: Substring, number: Int) throws(RecordingError) {
            var line = rawLine
            if line.last == "\r" { line = line.dropLast() }
            let trimmed = line.drop(while: { $0 == " " || $0 == "\t" })
            if trimmed.isEmpty || trimmed.first == "#" { return }
            lastContentLine = number
            guard trimmed.count >= 2, let kind = trimmed.first, trimmed.dropFirst().first == ":" else {
                throw error(number, "expected an evemu line (N:, I:, P:, B:, A:, E:), found '\(trimmed.prefix(40))'")
            }
            let rest = trimmed.dropFirst(2)
            if kind == "N" {
                try requireBeforeEvents(number, "N:")
                device.name = String(rest.drop(while: { $0 == " " || $0 == "\t" }))
                nameLine = number
                return
            }
            let fields = Self.fields(rest)
            switch kind {
            case "I": try readID(fields, number)
            case "P": try readProperties(fields, number)
            case "B": try readMask(fields, number)
            case "A": try readAxis(fields, number)
            case "L", "S": try requireBeforeEvents(number, "\(kind):")
            case "E": try readEvent(fields, number)
            default: throw error(number, "unknown evemu line kind '\(kind):'")
            }
        }

        /// Whitespace-separated fields up to a `#` comment.
        static func fields(_ s: Substring) -> [Substring] {
            let content = s.prefix(while: { $0 != "#" })
            return content.split(whereSeparator: { $0 == " " || $0 == "\t" })
        }

        func requireBeforeEvents(_ line: Int, _ kind: String) throws(RecordingError) {
            if !events.isEmpty {
                throw error(line, "\(kind) device description line after events; the description must come first")
            }
        }

        func hex16(_ s: Substring, _ what: String, _ line: Int) throws(RecordingError) -> UInt16 {
            guard let v = UInt16(s, radix: 16) else { throw error(line, "\(what) '\(s)' is not a 16-bit hex number") }
            return v
        }

        func decimal(_ s: Substring, _ what: String, _ line: Int) throws(RecordingError) -> Int32 {
            guard let v = Int32(s) else { throw error(line, "\(what) '\(s)' is not a 32-bit decimal number") }
            return v
        }

        func hexByte(_ s: Substring, _ line: Int) throws(RecordingError) -> UInt8 {
            guard let v = UInt8(s, radix: 16) else { throw error(line, "bitmask byte '\(s)' is not a hex byte") }
            return v
        }

        mutating func readID(_ f: [Substring], _ line: Int) throws(RecordingError) {
            try requireBeforeEvents(line, "I:")
            guard f.count == 4 else { throw error(line, "I: needs 4 hex fields (bus vendor product version), found \(f.count)") }
            device.bustype = try hex16(f[0], "bus type", line)
            device.vendor = try hex16(f[1], "vendor", line)
            device.product = try hex16(f[2], "product", line)
            device.version = try hex16(f[3], "version", line)
            idLine = line
        }

        mutating func readProperties(_ f: [Substring], _ line: Int) throws(RecordingError) {
            try requireBeforeEvents(line, "P:")
            for bits in try setBits(f[...], startingAtByte: propertyBytes, line) { device.properties.insert(bits) }
            propertyBytes += f.count
        }

        mutating func readMask(_ f: [Substring], _ line: Int) throws(RecordingError) {
            try requireBeforeEvents(line, "B:")
            guard let typeField = f.first else { throw error(line, "B: needs an event type and bitmask bytes") }
            let type = try hex16(typeField, "event type", line)
            let bytes = f.dropFirst()
            let offset = maskBytes[type, default: 0]
            let codes = try setBits(bytes, startingAtByte: offset, line)
            maskBytes[type] = offset + bytes.count
            if type == EvdevType.syn {
                // evemu's EV_SYN mask is the set of event types, not SYN_* codes.
                for t in codes + [EvdevType.syn] where device.eventCodes[t] == nil { device.eventCodes[t] = [] }
            } else {
                device.eventCodes[type, default: []].formUnion(codes)
            }
        }

        func setBits(_ bytes: ArraySlice<Substring>, startingAtByte offset: Int, _ line: Int) throws(RecordingError) -> [UInt16] {
            guard offset + bytes.count <= 8192 else { throw error(line, "bitmask longer than 65536 bits") }
            var result: [UInt16] = []
            for (i, field) in bytes.enumerated() {
                let byte = try hexByte(field, line)
                for bit in 0..<8 where byte & (1 << bit) != 0 {
                    result.append(UInt16((offset + i) * 8 + bit))
                }
            }
            return result
        }

        mutating func readAxis(_ f: [Substring], _ line: Int) throws(RecordingError) {
            try requireBeforeEvents(line, "A:")
            guard f.count == 5 || f.count == 6 else {
                throw error(line, "A: needs code, min, max, fuzz, flat and (evemu 1.1+) resolution, found \(f.count) fields")
            }
            let code = try hex16(f[0], "axis code", line)
            let values = try (1..<f.count).map { (i) throws(RecordingError) in try decimal(f[i], "axis value", line) }
            device.absAxes[code] = AbsAxisInfo(minimum: values[0], maximum: values[1], fuzz: values[2], flat: values[3],
                                               resolution: values.count > 4 ? values[4] : 0)
        }

        mutating func readEvent(_ f: [Substring], _ line: Int) throws(RecordingError) {
            guard nameLine != nil, idLine != nil else {
                throw error(line, "E: event before the device description (N:, I: lines); for a split recording put the .desc file first")
            }
            guard f.count == 4 else { throw error(line, "E: needs 4 fields (sec.usec type code value), found \(f.count)") }
            let (seconds, micros) = try timestamp(f[0], line)
            let time = try clock.rebase(seconds: seconds, microseconds: micros, line: line, file: file)
            events.append(InputEvent(time: time, type: try hex16(f[1], "event type", line),
                                     code: try hex16(f[2], "event code", line),
                                     value: try decimal(f[3], "event value", line), line: line))
        }

        /// `sec.usec` as evemu prints it (`%lu.%06u`).
        func timestamp(_ s: Substring, _ line: Int) throws(RecordingError) -> (UInt64, UInt64) {
            let parts = s.split(separator: ".", omittingEmptySubsequences: false)
            guard parts.count == 2, let seconds = UInt64(parts[0]), (1...6).contains(parts[1].count),
                  parts[1].allSatisfy({ $0.isASCII && $0.isNumber }),
                  let fraction = UInt64(parts[1] + String(repeating: "0", count: 6 - parts[1].count)) else {
                throw error(line, "timestamp '\(s)' is not seconds.microseconds")
            }
            return (seconds, fraction)
        }

        func finish() throws(RecordingError) -> Recording {
            guard nameLine != nil else { throw error(lastContentLine, "missing N: line (device name)") }
            guard idLine != nil else { throw error(lastContentLine, "missing I: line (device id)") }
            return Recording(device: device, events: events)
        }
    }
}
