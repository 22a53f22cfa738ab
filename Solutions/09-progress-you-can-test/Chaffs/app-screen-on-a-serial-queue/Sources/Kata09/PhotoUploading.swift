import Foundation

/// A photo the adjuster took of the damage, ready to attach to a claim.
public struct Photo: Equatable, Sendable {
    public let id: String
    public let jpeg: Data

    public init(id: String, jpeg: Data) {
        self.id = id
        self.jpeg = jpeg
    }
}

/// What an upload reports while it runs.
public enum UploadEvent: Equatable, Sendable {
    /// The fraction of the photo the server has received, from 0 to 1.
    case progress(Double)
    /// The server stored the photo and attached it to the claim at this address.
    case attached(URL)
}

public enum UploadError: Error, Equatable {
    case offline
    case rejected(statusCode: Int)
}

/// Anything that can upload a photo. The publisher sends progress, then
/// `.attached`, then finishes; or fails with an `UploadError`.
/// Events may arrive on any thread.
public protocol PhotoUploading {
    func upload(_ photo: Photo) -> AnyPublisher<UploadEvent, UploadError>
}
