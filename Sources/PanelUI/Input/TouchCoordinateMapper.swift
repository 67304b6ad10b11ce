/// Maps raw device coordinates to screen pixels the way libinput's
/// `libinput_event_touch_get_x_transformed` / `_y_transformed` do.
///
/// libinput (src/evdev.c) scales with
///     scale_axis(absinfo, val, to_range) = (val - minimum) * to_range / (maximum - minimum + 1)
/// in `evdev_device_transform_x/_y`: the axis has `max - min + 1` distinct values, so
/// the last one lands just inside the screen (799/800 * 800 = 799), never on its edge.
///
/// A calibration matrix `[a, b, c, d, e, f]` has the semantics of
/// `libinput_device_config_calibration_set_matrix`: `evdev_device_calibrate` builds
/// M = unnormalise · calibration · normalise, where normalise maps the device range to
/// 0…1 (again dividing by `max - min + 1`). Scaling M's result with scale_axis reduces to
/// screen_x = (a·nx + b·ny + c) · width, screen_y = (d·nx + e·ny + f) · height
/// with nx = (x - min_x) / (max_x - min_x + 1), which is what `point` computes.
/// Like libinput, results are not clamped: a value outside the axis range (or a
/// calibration that shifts) may land outside the screen.
struct TouchCoordinateMapper {
    static let identity: [Double] = [1, 0, 0, 0, 1, 0]

    let xAxis: AbsAxisInfo
    let yAxis: AbsAxisInfo
    let screen: Size
    let calibration: [Double]

    func point(x: Int32, y: Int32) -> Point {
        if calibration == Self.identity {
            // libinput skips an identity matrix; scale_axis's operation order keeps
            // whole-pixel results exact (110 stays 110, not 110.00000000000001).
            return Point(x: Self.scale(x, xAxis, to: screen.width), y: Self.scale(y, yAxis, to: screen.height))
        }
        let nx = Self.normalise(x, xAxis), ny = Self.normalise(y, yAxis)
        let m = calibration
        return Point(x: (m[0] * nx + m[1] * ny + m[2]) * Double(screen.width),
                     y: (m[3] * nx + m[4] * ny + m[5]) * Double(screen.height))
    }

    /// libinput's scale_axis: (value - minimum) * size / (maximum - minimum + 1).
    static func scale(_ value: Int32, _ axis: AbsAxisInfo, to size: Int) -> Double {
        Double(Int64(value) - Int64(axis.minimum)) * Double(size) / Double(Int64(axis.maximum) - Int64(axis.minimum) + 1)
    }

    /// 0 at the axis minimum, just under 1 at its maximum.
    static func normalise(_ value: Int32, _ axis: AbsAxisInfo) -> Double {
        let range = Double(Int64(axis.maximum) - Int64(axis.minimum) + 1)
        return Double(Int64(value) - Int64(axis.minimum)) / range
    }
}
