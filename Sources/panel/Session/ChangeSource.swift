/// Where a value change came from, as the log and control-socket subscribers see it.
enum ChangeSource: String, Equatable {
    /// A finger on the screen (or a replayed recording).
    case touch
    /// A `set` request on the control socket.
    case socket
    /// A command on the control's MQTT `set` topic.
    case mqtt
    /// A `set` with `"apply": false`: the backend reports what the device is; no action runs.
    case report
    /// The control went back to its accepted value because its action failed.
    case revert
}
