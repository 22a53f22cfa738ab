import Foundation
import Testing

@testable import KataKit

@Suite("The compiler's word on a mutant schema")
struct MutationTesterTests {
    @Test("a build that fails with errors it can place blames their lines; one that cannot place any is thrown")
    func placedErrors() throws {
        let placed = try MutationTester.placedErrors(
            of: CommandResult(
                exitCode: 1,
                output: "/m/Sources/Kata12/PhotoBackup.swift:106:30: error: immutable value 'uploaded' may only be"
                    + " initialized once\n"))
        #expect(placed.map(\.file) == ["/m/Sources/Kata12/PhotoBackup.swift"])
        #expect(placed.map(\.line) == [106])
        #expect(try MutationTester.placedErrors(of: CommandResult(exitCode: 0, output: "Build complete!")).isEmpty)

        // SwiftPM refusing the package (a test target's folder missing) is not a schema that
        // compiles: taken so, every mutant would pass for living, and the stillborn one would stop
        // the tests' build with nothing to blame.
        #expect {
            _ = try MutationTester.placedErrors(
                of: CommandResult(
                    exitCode: 1,
                    output: "error: 'check': invalid custom path 'Tests/Kata12Tests' for target 'Kata12Tests'\n"))
        } throws: { error in
            (error as? MutantSchema.UnexplainedErrors)?.description.contains("invalid custom path") == true
        }
    }
}
