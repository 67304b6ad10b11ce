/// `struct input_absinfo` without the current value (recordings don't keep it reliably).
public struct AbsAxisInfo: Equatable, Sendable {
    public var minimum: Int32
    public var maximum: Int32
    public var fuzz: Int32
    public var flat: Int32
    /// Units per mm; 0 when the device or a pre-1.1 evemu file gives none.
    public var resolution: Int32

    public init(minimum: Int32, maximum: Int32, fuzz: Int32 = 0, flat: Int32 = 0, resolution: Int32 = 0) {
        self.minimum = minimum
        self.maximum = maximum
        self.fuzz = fuzz
        self.flat = flat
        self.resolution = resolution
    }
}

/// What a recording says about the device: identity, capabilities and axis ranges.
public struct InputDeviceInfo: Equatable, Sendable {
    public var name: String
    public var bustype: UInt16
    public var vendor: UInt16
    public var product: UInt16
    public var version: UInt16
    /// INPUT_PROP_* numbers that are set.
    public var properties: Set<UInt16>
    /// Event type → codes the device supports. A type the device has with no codes
    /// maps to an empty set. evemu files don't list EV_SYN codes (their `B: 00` line
    /// is the set of types), so for evemu the EV_SYN entry is empty.
    public var eventCodes: [UInt16: Set<UInt16>]
    public var absAxes: [UInt16: AbsAxisInfo]

    public init(name: String = "", bustype: UInt16 = 0, vendor: UInt16 = 0, product: UInt16 = 0, version: UInt16 = 0,
                properties: Set<UInt16> = [], eventCodes: [UInt16: Set<UInt16>] = [:], absAxes: [UInt16: AbsAxisInfo] = [:]) {
        self.name = name
        self.bustype = bustype
        self.vendor = vendor
        self.product = product
        self.version = version
        self.properties = properties
        self.eventCodes = eventCodes
        self.absAxes = absAxes
    }

    public func supports(type: UInt16, code: UInt16) -> Bool {
        eventCodes[type]?.contains(code) ?? false
    }
}
