/// Reads `libinput record` YAML (format version 1, see libinput-record(1)).
///
/// Only the first device is read: its `evdev:` description (name, id, codes, absinfo,
/// properties) and the `evdev:` frames of its `events:` list, each event written as
/// `[sec, usec, type, code, value]`. Unknown keys and other event kinds (`libinput:`,
/// `udev:`) are skipped, as the format asks of parsers.
enum LibinputRecordParser {
    static func parse(_ root: YAMLNode, file: String) throws(RecordingError) -> Recording {
        let reader = NodeReader(file: file)
        let top = try reader.mapping(root, "the top level")
        let version = try reader.required("version", in: top, at: root)
        guard try reader.integer(version, "version") == 1 else {
            throw reader.error(version, "unsupported libinput record version (only version 1 is known)")
        }
        let devices = try reader.sequence(try reader.required("devices", in: top, at: root), "devices")
        guard let first = devices.first else { throw reader.error(root, "devices: is empty") }
        let deviceMap = try reader.mapping(first, "a device")
        let evdev = try reader.required("evdev", in: deviceMap, at: first)
        let device = try readDescription(evdev, reader)
        var events: [InputEvent] = []
        if let list = reader.value("events", in: deviceMap) {
            var clock = EventClock()
            for entry in try reader.sequence(list, "events") {
                guard let frame = reader.value("evdev", in: try reader.mapping(entry, "an events entry")) else { continue }
                for item in try reader.sequence(frame, "an evdev frame") {
                    events.append(try readEvent(item, reader, &clock))
                }
            }
        }
        return Recording(device: device, events: events)
    }

    private static func readDescription(_ node: YAMLNode, _ r: NodeReader) throws(RecordingError) -> InputDeviceInfo {
        let map = try r.mapping(node, "evdev")
        var device = InputDeviceInfo()
        device.name = try r.string(try r.required("name", in: map, at: node), "name")
        let idNode = try r.required("id", in: map, at: node)
        let id = try r.integers(idNode, "id", count: 4)
        device.bustype = try r.narrow(id[0], idNode, "bus type")
        device.vendor = try r.narrow(id[1], idNode, "vendor")
        device.product = try r.narrow(id[2], idNode, "product")
        device.version = try r.narrow(id[3], idNode, "version")
        if let codes = r.value("codes", in: map) {
            for (key, value) in try r.mapping(codes, "codes") {
                let type: UInt16 = try r.narrow(try r.integer(key, "event type"), key, "event type")
                var set: Set<UInt16> = []
                for item in try r.sequence(value, "a codes list") {
                    set.insert(try r.narrow(try r.integer(item, "event code"), item, "event code"))
                }
                device.eventCodes[type] = set
            }
        }
        if let absinfo = r.value("absinfo", in: map) {
            for (key, value) in try r.mapping(absinfo, "absinfo") {
                let code: UInt16 = try r.narrow(try r.integer(key, "axis code"), key, "axis code")
                let v = try r.integers(value, "absinfo", count: 5)
                device.absAxes[code] = AbsAxisInfo(minimum: try r.narrow(v[0], value, "minimum"),
                                                   maximum: try r.narrow(v[1], value, "maximum"),
                                                   fuzz: try r.narrow(v[2], value, "fuzz"),
                                                   flat: try r.narrow(v[3], value, "flat"),
                                                   resolution: try r.narrow(v[4], value, "resolution"))
            }
        }
        if let properties = r.value("properties", in: map) {
            for item in try r.sequence(properties, "properties") {
                device.properties.insert(try r.narrow(try r.integer(item, "property"), item, "property"))
            }
        }
        return device
    }

    private static func readEvent(_ node: YAMLNode, _ r: NodeReader, _ clock: inout EventClock) throws(RecordingError) -> InputEvent {
        let v = try r.integers(node, "an event [sec, usec, type, code, value]", count: 5)
        let line = node.location.line
        guard v[0] >= 0, v[1] >= 0 else { throw r.error(node, "event timestamp is negative") }
        let time = try clock.rebase(seconds: UInt64(v[0]), microseconds: UInt64(v[1]), line: line, file: r.file)
        return InputEvent(time: time, type: try r.narrow(v[2], node, "event type"), code: try r.narrow(v[3], node, "event code"),
                          value: try r.narrow(v[4], node, "event value"), line: line)
    }
}

/// Typed access to a YAML tree with located errors.
private struct NodeReader {
    let file: String

    func error(_ node: YAMLNode, _ message: String) -> RecordingError {
        RecordingError(file: file, line: node.location.line, message: message)
    }

    func mapping(_ node: YAMLNode, _ what: String) throws(RecordingError) -> [(key: YAMLNode, value: YAMLNode)] {
        guard case .mapping(let pairs, _) = node else { throw error(node, "\(what) should be a mapping, found \(node.kindName)") }
        return pairs
    }

    func sequence(_ node: YAMLNode, _ what: String) throws(RecordingError) -> [YAMLNode] {
        guard case .sequence(let items, _) = node else { throw error(node, "\(what) should be a list, found \(node.kindName)") }
        return items
    }

    func string(_ node: YAMLNode, _ what: String) throws(RecordingError) -> String {
        guard case .scalar(let text, _, _) = node else { throw error(node, "\(what) should be a scalar, found \(node.kindName)") }
        return text
    }

    func integer(_ node: YAMLNode, _ what: String) throws(RecordingError) -> Int64 {
        let text = try string(node, what)
        guard let value = Int64(text) else { throw error(node, "\(what) '\(text.prefix(40))' is not an integer") }
        return value
    }

    func integers(_ node: YAMLNode, _ what: String, count: Int) throws(RecordingError) -> [Int64] {
        let items = try sequence(node, what)
        guard items.count == count else { throw error(node, "\(what) should have \(count) numbers, found \(items.count)") }
        return try items.map { (item) throws(RecordingError) in try integer(item, what) }
    }

    func narrow<T: FixedWidthInteger>(_ value: Int64, _ node: YAMLNode, _ what: String) throws(RecordingError) -> T {
        guard let narrowed = T(exactly: value) else { throw error(node, "\(what) \(value) is out of range") }
        return narrowed
    }

    func value(_ key: String, in pairs: [(key: YAMLNode, value: YAMLNode)]) -> YAMLNode? {
        for pair in pairs {
            if case .scalar(key, _, _) = pair.key { return pair.value }
        }
        return nil
    }

    func required(_ key: String, in pairs: [(key: YAMLNode, value: YAMLNode)], at node: YAMLNode) throws(RecordingError) -> YAMLNode {
        guard let found = value(key, in: pairs) else { throw error(node, "missing '\(key):'") }
        return found
    }
}
