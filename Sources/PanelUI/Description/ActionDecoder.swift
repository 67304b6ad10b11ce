/// The `action:` mapping's keys as written.
private struct ActionDraft {
    var exec: [String]?
    var timeout = ActionDescription.defaultTimeout
}

private let actionFields: [Field<ActionDraft>] = [
    Field("exec", \.exec, .argv()),
    Field("timeout", \.timeout, .number(in: ActionDescription.timeoutRange)),
]

extension Conversion<ActionDescription> {
    /// `{exec: [/usr/bin/nmcli, radio, wifi, "{value}"], timeout: 5}`.
    static var action: Self {
        Self { (node, key, context) throws(DescriptionError) in
            var draft = ActionDraft()
            _ = try decodeMapping(node, what: "'\(key)'", fields: actionFields, into: &draft, context)
            guard let exec = draft.exec else {
                throw context.error(node, "'\(key)' has no 'exec'; add the program and its arguments, like exec: [/usr/bin/nmcli, radio, wifi, \"{value}\"]")
            }
            return ActionDescription(exec: exec, timeout: draft.timeout)
        }
    }
}

extension Conversion<[String]> {
    /// A program and its arguments: a non-empty list of text whose first item is an absolute path.
    /// An argument with a placeholder other than `{id}` and `{value}` gets a warning at its place.
    /// `example` is the list messages show.
    static func argv(like example: String = "[/usr/bin/nmcli, radio, wifi, \"{value}\"]") -> Self {
        Self { (node, key, context) throws(DescriptionError) in
            guard case .sequence(let items, _) = node else {
                throw context.error(node, "'\(key)' must be a list of the program and its arguments, like \(example), not \(node.shownInMessage) (no shell is used)")
            }
            guard let first = items.first else {
                throw context.error(node, "'\(key)' is empty; name the program to run, like \(example)")
            }
            var argv: [String] = []
            for item in items {
                guard case .scalar = item else {
                    throw context.error(item, "each item of '\(key)' must be text, not \(item.shownInMessage)")
                }
                argv.append(try Conversion<String>.plain("an argument in 'KEY'").convert(item, key, context))
            }
            for (index, item) in items.enumerated() {
                for placeholder in UnknownPlaceholder.unknown(in: argv[index]) {
                    context.warn(item, UnknownPlaceholder.warning(for: placeholder, argument: index))
                }
            }
            guard argv[0].hasPrefix("/") else {
                // No PATH search: what runs must not depend on the service's environment.
                throw context.error(first, "the program '\(argv[0])' in '\(key)' must be an absolute path, like /usr/bin/\(argv[0])")
            }
            return argv
        }
    }
}

/// The keys of an action, for panel.yml(5) (`DescriptionKeys`).
let actionKeys = actionFields.map(\.key)
