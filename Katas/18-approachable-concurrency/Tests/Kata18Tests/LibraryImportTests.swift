import Foundation
import Testing

@testable import Kata18

@MainActor
@Suite("Library import: heavy work off the main actor, the screen on it", .timeLimit(.minutes(1)))
struct LibraryImportTests {
    @Test("the catalogue is decoded off the main actor")
    func decodesOffTheMainActor() async {
        let decoder = ProbeDecoder(answering: Fixtures.photos)
        let model = LibraryModel(decoder: decoder)

        await model.importCatalogue(Fixtures.someCatalogue)

        #expect(
            decoder.calls == 1,
            "importCatalogue(_:) must decode the catalogue once, with the decoder given to init(decoder:), before it returns; decode(_:) was called \(decoder.calls) times."
        )
        #expect(
            decoder.callsOnTheMainActor == 0,
            "decode(_:) ran on the main actor: while it works, the screen can neither draw nor answer a tap. Call it from a function that leaves the main actor (@concurrent). In this package a plain nonisolated async function stays on its caller's actor, and a decoder type or protocol that does not say nonisolated is @MainActor, so its calls go back there."
        )
    }

    @Test("when the import returns, the screen shows the photos and how many there are")
    func showsThePhotos() async {
        let model = LibraryModel(decoder: ProbeDecoder(answering: Fixtures.photos))

        await model.importCatalogue(Fixtures.someCatalogue)

        #expect(
            model.photos == Fixtures.photos,
            "After importCatalogue(_:) returns, photos must be what the decoder answered, in its order."
        )
        #expect(
            model.status == .imported(3),
            "After importCatalogue(_:) returns, status must be .imported(3) for three photos; it is \(model.status)."
        )
    }

    @Test("a catalogue that cannot be read shows the failure message, and no photos")
    func showsTheFailure() async {
        let model = LibraryModel(decoder: ProbeDecoder(failingWith: UnreadableCatalogue()))

        await model.importCatalogue(Fixtures.someCatalogue)

        #expect(
            model.status == .failed(LibraryModel.failureMessage),
            "When decode(_:) throws, status must be .failed(LibraryModel.failureMessage); it is \(model.status)."
        )
        #expect(model.photos == [], "A catalogue that could not be read must not put photos on the screen.")
    }

    @Test("while the catalogue is decoded, the screen shows importing and the main actor is free")
    func theMainActorIsFreeWhileDecoding() async throws {
        let decoder = HeldDecoder(answering: Fixtures.photos)
        defer { decoder.finish() }
        let model = LibraryModel(decoder: decoder)

        let importing = Task { await model.importCatalogue(Fixtures.someCatalogue) }
        let start = await decoder.start(during: importing)

        try #require(
            start != .never,
            "importCatalogue(_:) returned without calling decode(_:) on the decoder given to init(decoder:)."
        )
        try #require(
            start == .offTheMainActor,
            "decode(_:) started on the main actor. A real decode would hold the main actor for seconds: no redraw, no tap, and this test could not run until it ended. Move the call to a @concurrent function (or onto another actor), and make sure CatalogueDecoding is nonisolated."
        )
        // This line runs on the main actor while decode(_:) is still working: the main actor is free.
        #expect(
            model.status == .importing,
            "While the catalogue is decoded, status must be .importing (set before decoding starts); it is \(model.status)."
        )
        #expect(model.photos == [], "While the catalogue is decoded, the grid must not show photos yet.")

        decoder.finish()
        await importing.value

        #expect(
            model.status == .imported(3),
            "Once decode(_:) is done and importCatalogue(_:) has returned, status must be .imported(3); it is \(model.status)."
        )
    }

    @Test("every redraw of the screen happens on the main actor")
    func redrawsOnTheMainActor() async {
        let model = LibraryModel(decoder: ProbeDecoder(answering: Fixtures.photos))
        let screen = ScreenRecording(of: model)

        await model.importCatalogue(Fixtures.someCatalogue)

        let redraws = screen.all
        #expect(
            !redraws.contains(.offTheMainActor),
            "onChange was called off the main actor (\(redraws)). status and photos are the screen's state: change them on the main actor only, and send only the decoding away."
        )
        #expect(
            redraws.first == .onTheMainActor(.importing),
            "The first change the screen must see is status becoming .importing; the screen saw \(redraws)."
        )
        #expect(
            redraws.last == .onTheMainActor(.imported(3)),
            "The last change the screen must see is status becoming .imported(3); the screen saw \(redraws)."
        )
    }

    @Test("without a decoder given, the model reads a real export")
    func theDefaultDecoderReadsARealExport() async {
        let model = LibraryModel()

        await model.importCatalogue(Fixtures.exportedCatalogue)

        #expect(
            model.photos == Fixtures.photos,
            "LibraryModel() must use the app's real decoder, CatalogueDecoder: the newest revision of each photo, newest photo first."
        )
        #expect(model.status == .imported(3), "status must be .imported(3) after a real import; it is \(model.status).")
    }
}
