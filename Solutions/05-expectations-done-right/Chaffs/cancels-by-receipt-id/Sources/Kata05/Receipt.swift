import Foundation

/// A photographed receipt, ready to upload.
public struct Receipt: Equatable {
    public let id: String
    public let jpeg: Data

    public init(id: String, jpeg: Data) {
        self.id = id
        self.jpeg = jpeg
    }
}

/// Why an upload failed. The receipt screen shows a different message for each case.
public enum UploadError: Error, Equatable {
    /// The photo is bigger than `ReceiptUploader.maxBytes`. Nothing was sent.
    case tooLarge(bytes: Int)
    /// The request got no answer: no network, a timeout, a dropped connection.
    case offline
    /// The server answered with a status other than 201 Created.
    case rejected(status: Int)
    /// The server said 201 Created, but its reply holds no receipt URL.
    case unreadableReply
}
