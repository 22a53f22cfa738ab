import Foundation
import Kata19
import Testing

/// The app's source, on a file the test writes in a temporary folder, as the sync job would, and
/// removes afterwards. Nothing else on disk is touched.
@Suite("CachedParcelSource")
struct CachedParcelSourceTests {
    @Test("reads the sync job's file: ISO 8601 dates with their time zone, parcels in the file's order")
    func readsTheSyncJobsFile() throws {
        // Given the file the sync job writes: the charger due on day 1 at 00:00 UTC, written in UTC; the
        // shoes due on day 3 at 00:00 UTC, written two hours ahead of UTC
        let file = try CacheFile(
            contents: """
                [
                  {"trackingNumber": "JD014600003", "description": "Three paperbacks",
                   "expectedOn": "2025-06-05T00:00:00Z"},
                  {"trackingNumber": "JD014600001", "description": "Phone charger",
                   "expectedOn": "2025-06-01T00:00:00Z"},
                  {"trackingNumber": "JD014600002", "description": "Running shoes, size 42",
                   "expectedOn": "2025-06-03T02:00:00+02:00"}
                ]
                """)
        defer { file.remove() }

        // When
        let parcels: [Parcel]
        do {
            parcels = try CachedParcelSource(fileURL: file.url).fetchParcels()
        } catch {
            Issue.record(
                """
                fetchParcels() threw \(error) on the file the sync job writes. Its dates are ISO 8601 text \
                ("2025-06-01T00:00:00Z"), and a JSONDecoder reads a date as a number of seconds unless its \
                dateDecodingStrategy says .iso8601: every load in the app would fail.
                """)
            return
        }

        // Then
        #expect(
            parcels == [Parcels.books, Parcels.charger, Parcels.shoes],
            """
            The source returns the file's parcels as written, in the file's order, each expectedOn at the instant \
            its text names (its time zone included). It returned \(parcels).
            """)
    }

    @Test("a cache file that is missing or not a list of parcels makes the read throw")
    func unreadableFileThrows() throws {
        // Given a file that was never written, and one the sync job left half written
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("kata19-\(UUID()).json")
        let halfWritten = try CacheFile(contents: #"[{"trackingNumber": "JD0146"#)
        defer { halfWritten.remove() }

        // When, then
        #expect(
            throws: (any Error).self, "A cache file that is not there must make fetchParcels() throw.",
            performing: { try CachedParcelSource(fileURL: missing).fetchParcels() })
        #expect(
            throws: (any Error).self, "A cache file that is not a JSON list of parcels must make fetchParcels() throw.",
            performing: { try CachedParcelSource(fileURL: halfWritten.url).fetchParcels() })
    }
}

/// A cache file in the temporary folder, with a name of its own so that tests running at once never share one.
struct CacheFile {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("kata19-\(UUID()).json")

    init(contents: String) throws {
        try Data(contents.utf8).write(to: url)
    }

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}
