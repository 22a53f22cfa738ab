import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Puts one photo online.
public protocol PhotoUploading {
    /// Uploads the photo stored at `photo`, a file on the device, and calls `completion` exactly
    /// once, on any thread, with the photo's public link or the error that stopped the upload. It
    /// may call `completion` before it returns (a photo that is online already).
    func upload(_ photo: URL, completion: @escaping (Result<URL, Error>) -> Void)
}

/// The uploader the app ships with: one PUT per photo to the journal's photo service, which answers
/// with the photo's public link.
public struct URLSessionPhotoUploader: PhotoUploading {
    public var endpoint: URL
    public var session: URLSession

    public init(
        endpoint: URL = URL(string: "https://photos.journal.example/v1/photos")!,
        session: URLSession = .shared
    ) {
        self.endpoint = endpoint
        self.session = session
    }

    public func upload(_ photo: URL, completion: @escaping (Result<URL, Error>) -> Void) {
        var request = URLRequest(url: endpoint.appendingPathComponent(photo.lastPathComponent))
        request.httpMethod = "PUT"
        session.uploadTask(with: request, fromFile: photo) { data, response, error in
            if let error {
                return completion(.failure(error))
            }
            guard let http = response as? HTTPURLResponse, (200..<300).contains(http.statusCode),
                let data, let text = String(data: data, encoding: .utf8),
                let link = URL(string: text.trimmingCharacters(in: .whitespacesAndNewlines))
            else {
                return completion(.failure(URLError(.badServerResponse)))
            }
            completion(.success(link))
        }.resume()
    }
}
