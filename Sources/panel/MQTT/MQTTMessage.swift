extension MQTTClient {
    /// A message on a subscribed topic; `retained` when the broker held it from before.
    struct Message {
        let topic: String
        /// The whole payload when it is at most `longestPayload` bytes; otherwise only its first
        /// `shownBytes`, for the warning: a larger payload is never copied.
        let payload: [UInt8]
        /// The payload's size as received.
        let size: Int
        let retained: Bool

        init(topic: String, payload: [UInt8], size: Int? = nil, retained: Bool) {
            self.topic = topic
            self.payload = payload
            self.size = size ?? payload.count
            self.retained = retained
        }

        /// Whether `payload` is all of it.
        var isWhole: Bool { payload.count == size }
    }
}
