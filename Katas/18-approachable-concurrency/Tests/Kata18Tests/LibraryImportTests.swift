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
        let model = LibraryModel(decoder: ProbeDecoder(answering: Fixtures.inTheDecodersOrder))

        await model.importCatalogue(Fixtures.someCatalogue)

        #expect(
            model.photos == Fixtures.inTheDecodersOrder,
            model.photos.count == 3
                ? "After importCatalogue(_:) returns, photos must be what the decoder answered, in its order: photos \(Fixtures.inTheDecodersOrder.map(\.id)), not \(model.photos.map(\.id)). Keeping the newest revision and sorting is the decoder's job: the model shows what it gets."
                : "After importCatalogue(_:) returns, photos must be what the decoder answered, in its order."
        )
        #expect(
            model.status == .imported(3),
            "After importCatalogue(_:) returns, status must be .imported(3) for three photos; it is \(model.status)."
        )
    }

    @Test("a catalogue that cannot be read shows the failure message, and no photos")
    func showsTheFailure() async {
        let decoder = ProbeDecoder(failingWith: UnreadableCatalogue())
        let model = LibraryModel(decoder: decoder)

        await model.importCatalogue(Fixtures.someCatalogue)

        #expect(
            model.status == .failed(LibraryModel.failureMessage),
            "When decode(_:) throws, status must be .failed(LibraryModel.failureMessage); it is \(model.status)."
        )
        #expect(model.photos == [], "A catalogue that could not be read must not put photos on the screen.")
        #expect(
            decoder.calls == 1,
            "decode(_:) threw, and was called \(decoder.calls) times for one import. Decode once per import: a catalogue that cannot be read is shown as a failure, not decoded again."
        )
    }

    @Test("a catalogue that cannot be read leaves the photos of the last import on screen")
    func aFailedImportKeepsThePhotos() async {
        let decoder = ProbeDecoder(answers: [.success(Fixtures.photos), .failure(UnreadableCatalogue())])
        let model = LibraryModel(decoder: decoder)

        await model.importCatalogue(Fixtures.someCatalogue)
        await model.importCatalogue(Fixtures.someCatalogue)

        #expect(
            model.status == .failed(LibraryModel.failureMessage),
            "The second catalogue could not be read, so status must be .failed(LibraryModel.failureMessage); it is \(model.status)."
        )
        #expect(
            model.photos == Fixtures.photos,
            "The second catalogue could not be read, so photos must stay as the first import left them (\(Fixtures.photos.map(\.id))); they are \(model.photos.map(\.id)). A failed import changes the status only: the library the user has is still there."
        )
    }

    @Test("each import decodes its catalogue, the same catalogue picked twice too")
    func decodesOncePerImport() async {
        let decoder = ProbeDecoder(answering: Fixtures.photos)
        let model = LibraryModel(decoder: decoder)

        await model.importCatalogue(Fixtures.someCatalogue)
        await model.importCatalogue(Fixtures.someCatalogue)

        #expect(
            decoder.calls == 2,
            "Two imports must call decode(_:) twice, once each, even for the same bytes; it was called \(decoder.calls) times. Every import asks the decoder: the model keeps no copy of an earlier result to skip it."
        )
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
            start != .offTheMainActorWithTheMainActorHeld,
            "decode(_:) ran off the main actor, but the main actor was held while it worked: for a second it ran nothing, not even this test. Waiting for the decode without letting the main actor go (DispatchQueue.global().sync, a semaphore, a lock) blocks it as much as decoding on it would: no redraw, no tap. Await the decode instead: a @concurrent function, another actor, or an awaited Task.detached."
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

    @Test("the decoding leaves in the turn that shows importing: a busy main actor does not hold it back")
    func theDecodingDoesNotWaitForTheMainActor() async {
        let decoder = StartSignallingDecoder(answering: Fixtures.photos)
        let model = LibraryModel(decoder: decoder)
        let screen = LongRedraw(of: model, decoder: decoder)

        await model.importCatalogue(Fixtures.someCatalogue)
        await DeferredRedraws.drainMainQueue()

        #expect(
            screen.decodeBeganDuringTheRedraw != nil,
            """
            No redraw came while status was .importing: status must become .importing as the import starts, \
            with onChange called for it.
            """
        )
        #expect(
            screen.decodeBeganDuringTheRedraw != false,
            decoder.calls == 0
                ? "importCatalogue(_:) never called decode(_:) on the decoder given to init(decoder:)."
                : """
                The main actor spent a second on a redraw queued when status became .importing, and decode(_:) had \
                not begun by its end: importCatalogue(_:) waited for another turn of the main actor (an await \
                Task.yield() "to let the screen draw importing first", or a hop back through the main actor) \
                before sending the decoding away, so every redraw and tap queued meanwhile went first. The screen \
                needs no head start: the decoding runs elsewhere, so send it off in the turn that sets .importing.
                """
        )
    }

    @Test("a second import keeps the first one's photos on screen until its decoding is done")
    func aSecondImportKeepsThePhotosWhileDecoding() async {
        let decoder = ProbeDecoder(answers: [.success(Fixtures.photos), .success(Fixtures.otherLibrary)])
        let model = LibraryModel(decoder: decoder)
        await model.importCatalogue(Fixtures.someCatalogue)
        let screen = ScreenRecording(of: model)

        await model.importCatalogue(Fixtures.someCatalogue)

        let first = Fixtures.photos.map(\.id)
        let second = Fixtures.otherLibrary.map(\.id)
        let grids = screen.all.compactMap { redraw -> [Int]? in
            if case .onTheMainActor(_, let photoIDs) = redraw { photoIDs } else { nil }
        }
        #expect(
            grids.allSatisfy { $0 == first || $0 == second } && grids.last == second,
            "During the second import the grid must show the first import's photos (\(first)) until decoding is done, then the second's (\(second)); the screen showed \(grids). photos stays as it was until decoding is done: the new catalogue may yet fail, and the user keeps their library meanwhile."
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
            redraws.first == .onTheMainActor(.importing, photoIDs: []),
            "The first change the screen must see is status becoming .importing; the screen saw \(redraws)."
        )
        #expect(
            redraws.last == .onTheMainActor(.imported(3), photoIDs: Fixtures.photos.map(\.id)),
            "The last change the screen must see is status becoming .imported(3), with the photos in the grid; the screen saw \(redraws)."
        )
    }

    @Test("every change of status or photos gets a redraw of its own")
    func aRedrawAfterEveryChange() async {
        let model = LibraryModel(decoder: ProbeDecoder(answering: Fixtures.photos))
        let screen = ScreenRecording(of: model)

        await model.importCatalogue(Fixtures.someCatalogue)

        let redraws = screen.all
        // One redraw after every change: between two redraws, status or photos changed, not both.
        var shown = (status: ImportStatus.idle, photoIDs: [Int]())
        for case .onTheMainActor(let status, let photoIDs) in redraws {
            #expect(
                status == shown.status || photoIDs == shown.photoIDs,
                "Between two redraws both status and photos changed (status \(shown.status) → \(status), photos \(shown.photoIDs) → \(photoIDs)): one change had no redraw of its own. onChange must be called after every change of either, the grid's too; the screen saw \(redraws)."
            )
            #expect(
                status != shown.status || photoIDs != shown.photoIDs,
                "A redraw showed nothing new (status \(status), photos \(photoIDs), as the redraw before it): onChange was called twice for one change. Call onChange once after each change of status or photos; the screen saw \(redraws)."
            )
            if case .imported(let count) = status {
                #expect(
                    photoIDs.count == count,
                    "A redraw showed .imported(\(count)) over a grid of \(photoIDs.count) photos: status said the import was done before photos held the result. Set photos first, then status; the screen saw \(redraws)."
                )
            }
            shown = (status, photoIDs)
        }
        #expect(
            redraws.last == .onTheMainActor(.imported(3), photoIDs: Fixtures.photos.map(\.id)),
            "The last redraw must show what the screen ends with, .imported(3) and three photos; the screen saw \(redraws)."
        )
    }

    @Test("work the screen queues on the main actor never finds the new photos under importing")
    func photosAndStatusChangeInOneTurn() async {
        let model = LibraryModel(decoder: ProbeDecoder(answering: Fixtures.photos))
        let screen = DeferredRedraws(of: model)

        await model.importCatalogue(Fixtures.someCatalogue)
        await DeferredRedraws.drainMainQueue()

        let redraws = screen.all
        #expect(
            !redraws.isEmpty
                && redraws.allSatisfy { $0.photoIDs != Fixtures.photos.map(\.id) || $0.status == .imported(3) },
            """
            A redraw the screen queued on the main actor ran between the grid's change and the status's, and showed \
            the new photos under .importing: importCatalogue(_:) let go of the main actor in between. Set photos and \
            status in one turn of the main actor, with no await between them; the screen saw \(redraws).
            """
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
