import PanelUI

/// `panel layout`'s JSON: the touch targets in screen pixels.
enum LayoutReport {
    static func json(_ layout: PanelLayout, description: PanelDescription, rotation: Rotation) -> String {
        let controls = description.controls
        let targets = layout.targets.map { row -> JSONValue in
            guard case .control(let index, let option) = row.kind else { return .null }
            let control = controls[index]
            var fields: [(key: String, value: JSONValue)] = [
                ("id", .string(control.id)),
                ("kind", .string(control.kind.rawValue)),
            ]
            if let option { fields.append(("option", .string(control.options[option]))) }
            fields.append(("label", .string(row.label)))
            fields.append(("frame", rect(rotation.toScreen(row.frame, logical: layout.logicalSize))))
            fields.append(("control_frame", rect(rotation.toScreen(row.controlFrame, logical: layout.logicalSize))))
            fields.append(("label_frame", rect(rotation.toScreen(row.labelFrame, logical: layout.logicalSize))))
            if !row.valueFrame.isEmpty {
                fields.append(("value_frame", rect(rotation.toScreen(row.valueFrame, logical: layout.logicalSize))))
            }
            // A slider's control_frame is its track: the left edge is min, the right edge max (right to left, the other way).
            if let number = control.number {
                fields += [("min", .number(number.min)), ("max", .number(number.max)), ("step", .number(number.step))]
            }
            return .object(fields)
        }
        var back: [JSONValue] = []
        if let frame = layout.backFrame {
            back = [.object([("kind", .string("back")), ("label", .string(layout.backLabel ?? "")),
                             ("frame", rect(rotation.toScreen(frame, logical: layout.logicalSize)))])]
        }
        return JSONValue.array(back + targets).serialized(pretty: true)
    }

    static func rect(_ r: Rect) -> JSONValue {
        .object([("x", .number(Double(r.x))), ("y", .number(Double(r.y))),
                 ("width", .number(Double(r.width))), ("height", .number(Double(r.height)))])
    }
}

/// `panel touches`' JSON lines, like `libinput debug-events` for this pipeline.
enum TouchReport {
    static func json(_ touch: TouchEvent, rotation: Rotation, logical: Size) -> JSONValue {
        var fields: [(key: String, value: JSONValue)] = [("event", .string(touch.phase.rawValue))]
        if touch.phase != .frame {
            let panel = rotation.toLogical(touch.position, logical: logical)
            fields += [
                ("slot", .number(Double(touch.slot))),
                ("x", .number(rounded(touch.position.x))), ("y", .number(rounded(touch.position.y))),
                ("logical_x", .number(rounded(panel.x))), ("logical_y", .number(rounded(panel.y))),
            ]
        }
        fields.append(("time", .number(Double(touch.time) / 1000)))
        return .object(fields)
    }

    /// Two decimals: finer than a pixel matters to nobody reading calibration.
    static func rounded(_ v: Double) -> Double { (v * 100).rounded() / 100 }
}
