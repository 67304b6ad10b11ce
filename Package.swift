// swift-tools-version:6.0
import PackageDescription

// C libraries come from Debian's -dev packages through pkg-config; no Swift
// package outside the toolchain is used (an embedded image should not need one).
/// Neither regular expressions nor Swift concurrency are used: leaving their modules out
/// keeps libswift_StringProcessing, _RegexParser, _Concurrency and libdispatch out of the
/// process (about 1.5 MB of resident pages on a panel whose memory budget is 20 MB).
let lean: [SwiftSetting] = [
    .unsafeFlags(["-Xfrontend", "-disable-implicit-string-processing-module-import",
                  "-Xfrontend", "-disable-implicit-concurrency-module-import"]),
]

/// The renderer's SIMD blends are generic code that an unoptimized build runs through witness
/// tables, about 50 times slower: debug builds (and the tests, which replay thousands of
/// frames) build PanelUI optimized too.
let optimizedAlways: [SwiftSetting] = [.unsafeFlags(["-O"], .when(configuration: .debug))]

let package = Package(
    name: "panel",
    products: [
        .executable(name: "panel", targets: ["panel"]),
        .library(name: "PanelUI", targets: ["PanelUI"]),
    ],
    targets: [
        .systemLibrary(name: "CDrm", pkgConfig: "libdrm", providers: [.apt(["libdrm-dev"])]),
        .systemLibrary(name: "CUdev", pkgConfig: "libudev", providers: [.apt(["libudev-dev"])]),
        // libinput's header only (from libinput-dev, in /usr/include): no pkgConfig, whose
        // libraries SwiftPM would link. panel loads libinput when live input starts.
        .systemLibrary(name: "CLibinput"),
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
        // Text shaping over FreeType faces, and the bidirectional algorithm, for every script.
        .systemLibrary(name: "CHarfBuzz", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev"])]),
        .systemLibrary(name: "CFriBidi", pkgConfig: "fribidi", providers: [.apt(["libfribidi-dev"])]),
        // libmosquitto's header only (from libmosquitto-dev): panel loads libmosquitto.so.1 when a
        // description has `mqtt:`, so other processes never map it.
        .systemLibrary(name: "CMosquitto"),
        .systemLibrary(name: "CYAML", pkgConfig: "yaml-0.1", providers: [.apt(["libyaml-dev"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        // glibc's epoll, timerfd, signalfd and pidfd headers, which the Glibc module leaves out.
        .systemLibrary(name: "CLinux"),
        // A 32-bit fill through x86's string stores (header only, no library).
        .systemLibrary(name: "CFill"),
        // Only for the benchmark's comparison scene; the product never links it.
        .systemLibrary(name: "CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),
        // Pure logic and pixels: no DRM, no input devices, testable anywhere.
        .target(name: "PanelUI", dependencies: ["CFreeType", "CHarfBuzz", "CFriBidi", "CYAML", "CPNG", "CFill"],
                exclude: ["Controls/ControlTracker.md", "Controls/Pages.md", "Overlay/PanelOverlay.md", "Kinds/Slider/SliderFinger.md", "Kinds/Stepper/StepperFinger.md", "Calibration/CalibrationProcedure.md", "Screen/IdleStages.md", "Screen/BurnIn.md"],
                swiftSettings: lean + optimizedAlways),
        // The program: displays, input sources, files, CLI.
        .executableTarget(name: "panel", dependencies: ["PanelUI", "CDrm", "CUdev", "CLibinput", "CMosquitto", "CLinux"],
                          swiftSettings: lean, plugins: ["BuildCommit"]),
        // `panel --version`'s commit, written into every build (git describe, else COMMIT).
        .plugin(name: "BuildCommit", capability: .buildTool()),
        // The demo panel drawn with cairo, started by `panel bench` for its panel/cairo ratio.
        .executableTarget(name: "panel-bench-cairo", dependencies: ["PanelUI", "CCairo"]),
        // Golden images, fixtures and fuzz corpora are read through #filePath, not bundled.
        .testTarget(name: "PanelUITests", dependencies: ["PanelUI", "CFill"], exclude: ["Golden", "Fixtures", "Corpus"]),
        .testTarget(name: "panelTests", dependencies: ["panel", "PanelUI", "CLinux"]),
    ]
)
