/// What `panel --version` prints. The version is set here, by hand, for each release
/// (scripts/package.sh names the .deb after it); the commit, `buildCommit`, is written by the
/// BuildCommit plugin (Plugins/BuildCommit) into every build.
enum BuildInfo {
    static let version = "0.9.0"
    static let commit = buildCommit
}
