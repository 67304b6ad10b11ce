import Glibc
import Testing
@testable import panel

/// libinput is loaded only when a libinput context is created: without it the loader says
/// what to install, and a panel without live input never maps it.
struct LibinputLibraryTests {
    @Test func aMissingLibraryNamesItAndThePackageToInstall() throws {
        let file = "libinput-not-installed.so.10"
        let error = try #require(throws: LibinputError.self) { try LibinputLibrary(file: file) }
        #expect(error.description.hasPrefix("cannot load \(file) ("))
        #expect(error.description.contains("cannot open shared object file"), "dlerror's reason: \(error)")
        #expect(error.description.hasSuffix("; live input needs libinput: install Debian's libinput10 (apt install libinput10)"))
    }

    /// libudev is a real library, loaded already, without libinput's functions.
    @Test func aLibraryWithoutLibinputsFunctionsNamesTheFirstMissingOne() throws {
        let error = try #require(throws: LibinputError.self) { try LibinputLibrary(file: "libudev.so.1") }
        #expect(error.description.hasPrefix("libudev.so.1 lacks libinput_udev_create_context ("))
        #expect(error.description.contains("undefined symbol: libinput_udev_create_context"), "dlerror's reason: \(error)")
        #expect(error.description.hasSuffix("; panel needs the libinput it was built for: install Debian's libinput10 (apt install libinput10)"))
    }

    /// Every function panel calls is in the libinput installed here.
    @Test func theInstalledLibinputHasEveryFunction() throws {
        _ = try LibinputLibrary(file: LibinputLibrary.soname)
    }

    /// The point of loading it late: `run --input none` maps neither libinput nor what it brings
    /// (libwacom, libevdev, gobject). glib itself is now mapped anyway: Debian's HarfBuzz,
    /// which shapes all text, links it.
    @Test func aPanelWithoutLiveInputNeverLoadsLibinput() throws {
        let folder = TemporaryFolder()
        let panel = try PanelProcess(["run", "--display", "headless:800x480", "--input", "none",
                                      "--state", folder.file("state.json"), "--socket", folder.file("panel.sock")],
                                     log: folder.file("log"))
        try #require(panel.waitForLog("stop with SIGTERM"), "panel did not start: \(panel.log)")
        let maps = try readFile("/proc/\(panel.child.pid)/maps")
        #expect(maps.contains("/libudev.so.1"), "libudev is linked, so it must be in the map: \(maps)")
        #expect(!maps.contains("/libinput.so"))
        // Nor fontconfig, loaded only for a description naming font families.
        for brought in ["/libwacom.so", "/libevdev.so", "/libgobject-2.0.so", "/libmtdev.so", "/libfontconfig.so"] {
            #expect(!maps.contains(brought), "\(brought) is mapped")
        }
    }
}
