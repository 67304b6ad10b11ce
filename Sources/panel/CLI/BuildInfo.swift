/// What `panel --version` prints. The version is set here, by hand, for each release
/// (scripts/package.sh names the .deb after it); the commit is written by
/// scripts/build-info.sh before a release build and put back to "unknown commit" after.
enum BuildInfo {
    static let version = "0.9.0"
    static let commit = "unknown commit"
}
