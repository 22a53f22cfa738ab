import Foundation

/// script(1), which runs a command on a pseudo-terminal so `kata` sees a terminal: how the tests
/// try what a learner at a terminal gets (pager, prompt, Ctrl-C). Its arguments differ between
/// util-linux (`script -qec CMD /dev/null`) and the BSD one macOS ships, which has no `-c`
/// (`script -q /dev/null /bin/sh -c CMD`).
enum TerminalScript {
    static let executable = URL(fileURLWithPath: "/usr/bin/script")

    static var isAvailable: Bool { FileManager.default.isExecutableFile(atPath: executable.path) }

    /// The arguments that run the shell command `command` on a terminal and exit with its status.
    static func arguments(running command: String) -> [String] {
        #if os(Linux)
            ["-qec", command, "/dev/null"]
        #else
            ["-q", "/dev/null", "/bin/sh", "-c", command]
        #endif
    }
}
