import Glibc

/// Font files by family name ("Noto Sans CJK SC") through fontconfig, for `fonts:` entries
/// that are names rather than files. libfontconfig.so.1 is loaded with `dlopen` the first
/// time a description names a family, and never otherwise: a panel that names files (the
/// demo, most kiosks) neither maps it nor pays for reading fontconfig's configuration.
final class FontconfigLookup: @unchecked Sendable {
    static let soname = "libfontconfig.so.1"

    /// The process's fontconfig, loaded on first use; nil (kept) when it can't be.
    static let shared: FontconfigLookup? = FontconfigLookup()

    private typealias InitFunction = @convention(c) () -> OpaquePointer?
    private typealias NameParseFunction = @convention(c) (UnsafePointer<UInt8>?) -> OpaquePointer?
    private typealias SubstituteFunction = @convention(c) (OpaquePointer?, OpaquePointer?, CInt) -> CInt
    private typealias DefaultSubstituteFunction = @convention(c) (OpaquePointer?) -> Void
    private typealias MatchFunction = @convention(c) (OpaquePointer?, OpaquePointer?, UnsafeMutablePointer<CInt>?) -> OpaquePointer?
    private typealias GetStringFunction = @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, CInt, UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>?) -> CInt
    private typealias DestroyFunction = @convention(c) (OpaquePointer?) -> Void

    private let config: OpaquePointer
    private let nameParse: NameParseFunction
    private let substitute: SubstituteFunction
    private let defaultSubstitute: DefaultSubstituteFunction
    private let match: MatchFunction
    private let getString: GetStringFunction
    private let destroy: DestroyFunction

    private init?() {
        guard let handle = dlopen(Self.soname, RTLD_NOW | RTLD_LOCAL) else { return nil }
        func symbol<T>(_ name: String, _: T.Type) -> T? {
            dlsym(handle, name).map { unsafeBitCast($0, to: T.self) }
        }
        guard let initialize = symbol("FcInitLoadConfigAndFonts", InitFunction.self),
              let nameParse = symbol("FcNameParse", NameParseFunction.self),
              let substitute = symbol("FcConfigSubstitute", SubstituteFunction.self),
              let defaultSubstitute = symbol("FcDefaultSubstitute", DefaultSubstituteFunction.self),
              let match = symbol("FcFontMatch", MatchFunction.self),
              let getString = symbol("FcPatternGetString", GetStringFunction.self),
              let destroy = symbol("FcPatternDestroy", DestroyFunction.self),
              let config = initialize() else { return nil }
        (self.config, self.nameParse, self.substitute, self.defaultSubstitute) = (config, nameParse, substitute, defaultSubstitute)
        (self.match, self.getString, self.destroy) = (match, getString, destroy)
    }

    /// The file of the best match for `family`, or nil when fontconfig has no font of that
    /// family (it always offers some font; one of another family is not an answer).
    func file(ofFamily family: String) -> String? {
        // A pattern's name is "family:key=value"; escape what would end the family.
        var escaped = ""
        for character in family {
            if "\\-:,".contains(character) { escaped.append("\\") }
            escaped.append(character)
        }
        let pattern = escaped.utf8CString.withUnsafeBufferPointer { bytes in
            bytes.baseAddress!.withMemoryRebound(to: UInt8.self, capacity: bytes.count) { nameParse($0) }
        }
        guard let pattern else { return nil }
        defer { destroy(pattern) }
        _ = substitute(config, pattern, 0)  // FcMatchPattern
        defaultSubstitute(pattern)
        var result: CInt = 0
        guard let found = match(config, pattern, &result) else { return nil }
        defer { destroy(found) }
        func string(_ object: String) -> String? {
            var value: UnsafeMutablePointer<UInt8>?
            guard getString(found, object, 0, &value) == 0, let value else { return nil }  // FcResultMatch
            return String(cString: value)
        }
        guard let matched = string("family"), matched.lowercased() == family.lowercased() else { return nil }
        return string("file")
    }
}
