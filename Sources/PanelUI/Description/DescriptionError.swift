/// A mistake in a panel description, located so an editor can jump to it.
///
/// Decoding goes on past a mistake where it can (each top-level key, each section, each
/// control is a recovery point), so one run reports every mistake it finds: the error
/// thrown is the first in file order and carries the others in `more`, up to `limit` in all.
public struct DescriptionError: Error, Equatable, Sendable, CustomStringConvertible {
    public var file: String
    public var location: SourceLocation
    public var message: String
    /// The mistakes after this one, in file order (empty when this is the only one).
    public var more: [DescriptionError] = []
    /// Mistakes past the first `limit` that were found but are not listed.
    public var unlisted = 0

    /// The most mistakes one decode reports.
    public static let limit = 50

    public init(file: String, location: SourceLocation, message: String) {
        self.file = file
        self.location = location
        self.message = message
    }

    /// `FILE:LINE:COL: message`, the format compilers use and editors understand.
    public var description: String { "\(file):\(location.line):\(location.column): \(message)" }

    /// This mistake and every other one found, each alone, in file order.
    public var all: [DescriptionError] {
        var first = self
        first.more = []
        first.unlisted = 0
        return [first] + more
    }

    /// Every mistake found, one `FILE:LINE:COL: message` line each, and a last line saying
    /// how many more were found than listed.
    public var report: String {
        let lines = all.map(\.description)
        return (lines + (unlisted > 0 ? ["\(file): \(unlisted) more mistakes not listed (fix these and run check again)"] : []))
            .joined(separator: "\n")
    }
}

/// The mistakes noted while a description is decoded, in file order once decoding is done.
final class NotedErrors {
    private var errors: [DescriptionError] = []

    var isEmpty: Bool { errors.isEmpty }

    func note(_ error: DescriptionError) {
        for one in error.all where !errors.contains(one) { errors.append(one) }
    }

    /// The first mistake in file order carrying the others (at most `DescriptionError.limit`
    /// in all); nil when there were none.
    var combined: DescriptionError? {
        let sorted = errors.enumerated().sorted { a, b in
            (a.element.location.line, a.element.location.column, a.offset) < (b.element.location.line, b.element.location.column, b.offset)
        }.map(\.element)
        guard var first = sorted.first else { return nil }
        first.more = Array(sorted.dropFirst().prefix(DescriptionError.limit - 1))
        first.unlisted = max(0, sorted.count - DescriptionError.limit)
        return first
    }
}

extension DecodingContext {
    /// Runs `body`; a mistake in it is noted and decoding goes on after it (the result is nil).
    func recovering<T>(_ body: () throws(DescriptionError) -> T) -> T? {
        do throws(DescriptionError) {
            return try body()
        } catch {
            errors.note(error)
            return nil
        }
    }
}
