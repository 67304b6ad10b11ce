import CYAML

/// Reads `libinput record` YAML (format version 1, see libinput-record(1)).
///
/// Only the first device is read: its `evdev:` description (name, id, codes, absinfo,
/// properties) and the `evdev:` frames of its `events:` list, each event written as
/// `[sec, usec, type, code, value]`. Unknown keys and other event kinds (`libinput:`,
/// `udev:`) are skipped, as the format asks of parsers.
///
/// The file is read as a stream of libyaml events: each entry of the events list is built
/// as a small tree, read and dropped, and everything else not needed is skipped without a
/// tree, so memory goes to the decoded events, not to nodes for every number of the file
/// (100 MB of YAML took 1.6 GiB as one tree).
enum LibinputRecordParser {
    static func parse(_ bytes: RecordingBytes, firstContentLine: Int) throws(RecordingError) -> Recording {
        let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
        defer { parser.deallocate() }
        guard yaml_parser_initialize(parser) != 0 else {
            throw RecordingError(file: bytes.file, line: 1, message: "out of memory starting the YAML parser")
        }
        defer { yaml_parser_delete(parser) }
        yaml_parser_set_input(parser, { data, buffer, size, read in
            guard let data, let buffer, let read else { return 0 }
            let bytes = Unmanaged<RecordingBytes>.fromOpaque(data).takeUnretainedValue()
            read.pointee = bytes.copy(into: UnsafeMutableRawBufferPointer(start: buffer, count: size))
            return bytes.failed ? 0 : 1
        }, Unmanaged.passUnretained(bytes).toOpaque())
        // The stream holds `bytes`, which the input handler reaches unretained, until parsing ends.
        var stream = RecordingYAMLStream(reader: EventReader(parser: parser), bytes: bytes)
        return try readTop(&stream, firstContentLine: firstContentLine)
    }

    /// The top-level mapping: `version:` (which must be 1) and `devices:`, the rest skipped.
    private static func readTop(_ stream: inout RecordingYAMLStream, firstContentLine: Int) throws(RecordingError) -> Recording {
        let file = stream.bytes.file
        let reader = RecordingNodeReader(file: file)
        var root = try stream.next()
        while root.type == YAML_STREAM_START_EVENT || root.type == YAML_DOCUMENT_START_EVENT {
            yaml_event_delete(&root)
            root = try stream.next()
        }
        defer { yaml_event_delete(&root) }
        guard root.type == YAML_MAPPING_START_EVENT else {
            if root.type != YAML_STREAM_END_EVENT { _ = try stream.node(&root, depth: 0) }
            throw RecordingReader.unknownFormat(file, line: firstContentLine)
        }
        let rootAt = RecordingYAMLStream.location(root)
        var version: YAMLNode?
        var devices: (seen: Bool, first: (device: InputDeviceInfo, events: [InputEvent])?) = (false, nil)
        while true {
            var keyEvent = try stream.next()
            defer { yaml_event_delete(&keyEvent) }
            if keyEvent.type == YAML_MAPPING_END_EVENT { break }
            let key = try stream.node(&keyEvent, depth: 1)
            var valueEvent = try stream.next()
            defer { yaml_event_delete(&valueEvent) }
            switch key {
            case .scalar("version", _, _) where version == nil:
                let node = try stream.node(&valueEvent, depth: 1)
                guard try reader.integer(node, "version") == 1 else {
                    throw reader.error(node, "unsupported libinput record version (only version 1 is known)")
                }
                version = node
            case .scalar("devices", _, _) where !devices.seen:
                devices = (true, try readDevices(&stream, &valueEvent, reader))
            default:
                try stream.skip(&valueEvent, depth: 1)
            }
        }
        guard version != nil else { throw RecordingReader.unknownFormat(file, line: firstContentLine) }
        guard devices.seen else { throw reader.error(at: rootAt, "missing 'devices:'") }
        guard let first = devices.first else { throw reader.error(at: rootAt, "devices: is empty") }
        return Recording(device: first.device, events: first.events)
    }

    /// The first device of the `devices:` list (nil when it is empty); the others are skipped.
    private static func readDevices(_ stream: inout RecordingYAMLStream, _ start: inout yaml_event_t,
                                    _ reader: RecordingNodeReader) throws(RecordingError) -> (device: InputDeviceInfo, events: [InputEvent])? {
        guard start.type == YAML_SEQUENCE_START_EVENT else {
            throw reader.notA("list", try stream.node(&start, depth: 1), "devices")
        }
        var first: (device: InputDeviceInfo, events: [InputEvent])?
        var index = 0
        while true {
            var item = try stream.next()
            defer { yaml_event_delete(&item) }
            if item.type == YAML_SEQUENCE_END_EVENT { return first }
            if index == 0 {
                first = try readDevice(&stream, &item, reader)
            } else {
                try stream.skip(&item, depth: 2)
            }
            index += 1
        }
    }

    /// One device: its `evdev:` description and the events of its `events:` list.
    private static func readDevice(_ stream: inout RecordingYAMLStream, _ start: inout yaml_event_t,
                                   _ reader: RecordingNodeReader) throws(RecordingError) -> (device: InputDeviceInfo, events: [InputEvent]) {
        guard start.type == YAML_MAPPING_START_EVENT else {
            throw reader.notA("mapping", try stream.node(&start, depth: 2), "a device")
        }
        let deviceAt = RecordingYAMLStream.location(start)
        var device: InputDeviceInfo?
        var events: [InputEvent] = []
        var sawEvents = false
        while true {
            var keyEvent = try stream.next()
            defer { yaml_event_delete(&keyEvent) }
            if keyEvent.type == YAML_MAPPING_END_EVENT { break }
            let key = try stream.node(&keyEvent, depth: 3)
            var valueEvent = try stream.next()
            defer { yaml_event_delete(&valueEvent) }
            switch key {
            case .scalar("evdev", _, _) where device == nil:
                device = try readDescription(try stream.node(&valueEvent, depth: 3), reader)
            case .scalar("events", _, _) where !sawEvents:
                sawEvents = true
                events = try readEvents(&stream, &valueEvent, reader)
            default:
                try stream.skip(&valueEvent, depth: 3)
            }
        }
        guard let device else { throw reader.error(at: deviceAt, "missing 'evdev:'") }
        return (device, events)
    }

    /// The `events:` list, one entry (a small tree) at a time; only `evdev:` frames are read.
    private static func readEvents(_ stream: inout RecordingYAMLStream, _ start: inout yaml_event_t,
                                   _ reader: RecordingNodeReader) throws(RecordingError) -> [InputEvent] {
        guard start.type == YAML_SEQUENCE_START_EVENT else {
            throw reader.notA("list", try stream.node(&start, depth: 3), "events")
        }
        var events: [InputEvent] = []
        var clock = EventClock()
        while true {
            var item = try stream.next()
            defer { yaml_event_delete(&item) }
            if item.type == YAML_SEQUENCE_END_EVENT { return events }
            let entry = try stream.node(&item, depth: 4)
            guard let frame = reader.value("evdev", in: try reader.mapping(entry, "an events entry")) else { continue }
            for event in try reader.sequence(frame, "an evdev frame") {
                events.append(try readEvent(event, reader, &clock))
            }
        }
    }

    private static func readDescription(_ node: YAMLNode, _ r: RecordingNodeReader) throws(RecordingError) -> InputDeviceInfo {
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

    private static func readEvent(_ node: YAMLNode, _ r: RecordingNodeReader, _ clock: inout EventClock) throws(RecordingError) -> InputEvent {
        let v = try r.integers(node, "an event [sec, usec, type, code, value]", count: 5)
        let line = node.location.line
        guard v[0] >= 0, v[1] >= 0 else { throw r.error(node, "event timestamp is negative") }
        let time = try clock.rebase(seconds: UInt64(v[0]), microseconds: UInt64(v[1]), line: line, file: r.file)
        return InputEvent(time: time, type: try r.narrow(v[2], node, "event type"), code: try r.narrow(v[3], node, "event code"),
                          value: try r.narrow(v[4], node, "event value"), line: line)
    }
}
