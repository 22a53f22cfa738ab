import ArgumentParser
import Foundation
import KataKit

/// `kata workshop`: the facilitator's commands.
struct WorkshopCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "workshop",
        abstract: "Run a workshop: export the learner edition, then watch the room.",
        discussion: """
            README.md, "Running a workshop", walks through it: export, push, set up the GitHub \
            Classroom assignment, watch the room, hand out the solutions after.
            """,
        subcommands: [WorkshopExportCommand.self, WorkshopRoomCommand.self]
    )
}
