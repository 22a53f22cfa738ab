/// A photo in the user's library, as the backup sees it.
///
/// `Sendable` by hand: a `public` type never gets it for free outside its module, even when,
/// like this one, it only holds `Sendable` values.
public struct Photo: Equatable, Sendable {
    public let id: String

    public init(id: String) {
        self.id = id
    }
}

/// Sends one photo to the user's cloud storage. The app's implementation lives in the
/// networking layer: it blocks the calling thread until the upload finished, and throws
/// when the server said no.
///
/// `Sendable`: the backup calls one uploader from several threads at once.
public protocol PhotoUploading: Sendable {
    func upload(_ photo: Photo) throws
}

/// What one backup run did, for the "Backup finished" banner.
public struct BackupReport: Equatable, Sendable {
    public var uploaded: Int
    public var failed: Int

    public init(uploaded: Int, failed: Int) {
        self.uploaded = uploaded
        self.failed = failed
    }
}
