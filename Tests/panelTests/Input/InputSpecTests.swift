import Glibc
import Testing
@testable import panel

struct InputSpecTests {
    @Test func parsesEveryKind() throws {
        #expect(try InputSpec(parsing: "libinput") == .libinput(seat: "seat0"))
        #expect(try InputSpec(parsing: "libinput:seat1") == .libinput(seat: "seat1"))
        #expect(try InputSpec(parsing: "path:/dev/input/event4") == .paths(["/dev/input/event4"]))
        #expect(try InputSpec(parsing: "path:/dev/input/event4,/dev/input/event5") == .paths(["/dev/input/event4", "/dev/input/event5"]))
        #expect(try InputSpec(parsing: "replay:taps.evemu") == .replay(path: "taps.evemu"))
        #expect(try InputSpec(parsing: "none") == InputSpec.none)
    }

    @Test(arguments: ["path:", "path:event4", "path:/dev/input/event4,", "libinput:", "usb"])
    func rejectsMistakes(_ text: String) {
        #expect(throws: UsageError.self) { try InputSpec(parsing: text) }
    }

    @Test func aMissingDeviceNamesErrnoAndWhatToDo() {
        let result = CommandRunner.run(["touches", "--input", "path:/nonexistent/event9"])
        #expect(result.status == 1)
        #expect(result.err == "panel: input: cannot open /nonexistent/event9: no such file or directory (errno 2, ENOENT); the device is not there (unplugged, or a different eventN); `libinput list-devices` shows what is")
    }

    @Test func permissionProblemsNameTheInputGroup() {
        let message = LibinputError.cannotOpen("/dev/input/event3", Errno(EACCES)).description
        #expect(message.hasPrefix("cannot open /dev/input/event3: permission denied (errno 13, EACCES); event devices belong to the 'input' group"))
    }

    @Test func touchesFlagsAreChecked() {
        #expect(CommandRunner.run(["touches", "--input", "none"]).err == "panel touches: --input none has no touches to print")
        #expect(CommandRunner.run(["touches", "--input", "libinput", "--count", "2.5"]).err
                == "panel touches: --count must be a whole number above 0, not '2.5'")
        #expect(CommandRunner.run(["touches", "--input", "libinput", "--timeout", "0"]).err
                == "panel touches: --timeout must be a number above 0, not '0'")
    }

    /// A count is read as a whole number, never through a Double: Double reads 2^63 - 1 and
    /// 2^63 - 513 as 2^63, one past Int, and converting that back trapped.
    @Test func aCountIsReadAsAnIntAndTheLargestIsTaken() {
        for count in ["9223372036854775807", "9223372036854775295", "+12"] {
            #expect(CommandRunner.run(["touches", "--input", "libinput", "--count", count, "--timeout", "0"]).err
                    == "panel touches: --timeout must be a number above 0, not '0'", "--count \(count) is taken")
        }
        for count in ["9223372036854775808", "1e3", "-1", "0", "-0", "nan", "inf", "0x10"] {
            #expect(CommandRunner.run(["touches", "--input", "libinput", "--count", count]).err
                    == "panel touches: --count must be a whole number above 0, not '\(count)'")
        }
    }
}
