import Foundation
import TestSupport
import Testing

@Suite("Test folders")
struct ScratchFolderTests {
    @Test("a new folder lies inside this run's folder, named for this process")
    func insideTheRunFolder() {
        let folder = ScratchFolder.make("probe")
        #expect(folder.deletingLastPathComponent() == ScratchFolder.root)
        #expect(ScratchFolder.root.lastPathComponent == "kata-tests-\(getpid())")
        #expect(folder.lastPathComponent.hasPrefix("probe-"))
    }

    @Test("the folders of runs that ended are removed; a live run's folder and other files stay")
    func sweep() throws {
        let temporary = ScratchFolder.make("sweep")
        // A process that has ended: its pid is free until the system hands it out again.
        let ended = Process()
        ended.executableURL = URL(fileURLWithPath: "/bin/sh")
        ended.arguments = ["-c", "exit 0"]
        try ended.run()
        ended.waitUntilExit()
        let names = [
            "kata-tests-\(ended.processIdentifier)", "kata-tests-\(getpid())", "kata-tests-notapid",
            "other-\(ended.processIdentifier)",
        ]
        for name in names {
            try FileManager.default.createDirectory(
                at: temporary.appendingPathComponent("\(name)/inside"), withIntermediateDirectories: true)
        }
        ScratchFolder.removeFoldersOfEndedRuns(in: temporary)
        let left = try FileManager.default.contentsOfDirectory(atPath: temporary.path).sorted()
        #expect(left == names.dropFirst().sorted())
    }
}
