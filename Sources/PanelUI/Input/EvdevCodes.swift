/// The numbers from linux/input-event-codes.h that reading and decoding touch input needs.
/// Kept as plain constants (not enums) because recordings carry any number a kernel may send.
public enum EvdevType {
    public static let syn: UInt16 = 0x00
    public static let key: UInt16 = 0x01
    public static let abs: UInt16 = 0x03
}

public enum EvdevCode {
    public static let synReport: UInt16 = 0
    public static let synMTReport: UInt16 = 2
    public static let synDropped: UInt16 = 3

    public static let btnTouch: UInt16 = 0x14a

    public static let absX: UInt16 = 0x00
    public static let absY: UInt16 = 0x01
    public static let absMTSlot: UInt16 = 0x2f
    public static let absMTTouchMajor: UInt16 = 0x30
    public static let absMTPositionX: UInt16 = 0x35
    public static let absMTPositionY: UInt16 = 0x36
    public static let absMTTrackingID: UInt16 = 0x39
}

public enum InputProperty {
    public static let direct: UInt16 = 0x01
}
