import ArgumentParser
import Foundation
import KataKit

/// `kata version`: the authors' loop for a version stored as what it changes.
struct VersionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "version",
        abstract: "Open a wrong solution or a tests kata's version as a folder, and save it back (for authors).",
        discussion: """
            Every version of a kata's code but the reference, the alternative and a tests kata's \
            shipped code is stored as what it changes: Solutions/NN-slug/Chaffs/NAME.patch (a wrong \
            solution) or Katas/NN-slug/Wheats|Chaffs/NAME.patch (a tests kata's correct or buggy \
            version), its notes above a diff against the reference or the shipped code. \
            `kata version edit` opens one as a folder beside its file; `kata version save` writes the \
            file back from it. AUTHORING.md, "Versions", shows the loop.
            """,
        subcommands: [VersionEditCommand.self, VersionSaveCommand.self]
    )
}

struct VersionEditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit",
        abstract: "Open a version as a folder: its base with the change applied, and its notes.",
        discussion: """
            Writes Chaffs/NAME/ (or Wheats/NAME/) beside the version's file: Sources/KataNN as the \
            version has it, and its notes as CHAFF.md (or WHEAT.md). When part of the change no \
            longer applies to its base, the rest is applied and the parts left over are written to \
            REJECTED.diff in the folder, to make by hand. A folder that is open already is left as it is.

            Examples:
              kata version edit 1 forgets-to-sort
              kata version edit 3 clears-the-label-twice --new
              kata version edit 19 forgets-the-error --new --correct
            """
    )

    @Argument(help: "The kata, by number or slug.")
    var kata: String

    @Argument(help: "The version's name: its file name without .patch (lower-case words joined by dashes).")
    var name: String

    @Flag(
        name: .long,
        help: ArgumentHelp(
            "Start a version that does not exist yet from a copy of its base: a wrong solution in a kata of the "
                + "first kind, a buggy version in a tests kata."))
    var new = false

    @Flag(name: .long, help: "With --new in a tests kata: a correct version (Wheats/) rather than a buggy one.")
    var correct = false

    func validate() throws {
        if correct, !new { throw ValidationError("--correct goes with --new: an existing version keeps its kind.") }
    }

    @OptionGroup var options: GlobalOptions

    func run() throws {
        let context = options.context()
        try runFrontend(console: context.console) {
            try VersionFrontend(context: context).edit(
                kata: kata, name: name, new: new ? (correct ? .correct : .buggy) : nil)
        }
    }
}

struct VersionSaveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "save",
        abstract: "Write a version's file back from its open folder, and remove the folder.",
        discussion: """
            Writes NAME.patch: the notes (CHAFF.md or WHEAT.md), then the diff from the base's \
            module to the folder's Sources/KataNN. A folder that holds other files stays, and says which.

            Examples:
              kata version save 1 forgets-to-sort
              kata version save 19 forgets-the-error --keep
            """
    )

    @Argument(help: "The kata, by number or slug.")
    var kata: String

    @Argument(help: "The version's name, as opened.")
    var name: String

    @Flag(name: .long, help: "Leave the folder open after writing the file.")
    var keep = false

    @OptionGroup var options: GlobalOptions

    func run() throws {
        let context = options.context()
        try runFrontend(console: context.console) {
            try VersionFrontend(context: context).save(kata: kata, name: name, keepFolder: keep)
        }
    }
}
