import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The production uploader: sends a photo to the claims server in chunks,
/// one request after the other, and publishes progress after each chunk.
///
/// URLSession calls back on its own background queue, so every event
/// this publisher sends arrives off the main queue.
public final class ChunkedPhotoUploader: PhotoUploading {
    private let claimURL: URL
    private let session: URLSession
    private let chunkSize: Int

    public init(claimURL: URL, session: URLSession = .shared, chunkSize: Int = 256 * 1024) {
        self.claimURL = claimURL
        self.session = session
        self.chunkSize = chunkSize
    }

    public func upload(_ photo: Photo) -> AnyPublisher<UploadEvent, UploadError> {
        let events = PassthroughSubject<UploadEvent, UploadError>()
        let chunks = stride(from: 0, to: photo.jpeg.count, by: chunkSize).map {
            photo.jpeg.subdata(in: $0..<min($0 + chunkSize, photo.jpeg.count))
        }
        return
            events
            .handleEvents(receiveSubscription: { [self] _ in
                send(chunks, from: 0, of: photo, to: events)
            })
            .eraseToAnyPublisher()
    }

    private func send(
        _ chunks: [Data], from index: Int, of photo: Photo,
        to events: PassthroughSubject<UploadEvent, UploadError>
    ) {
        var request = URLRequest(url: claimURL.appendingPathComponent("photos/\(photo.id)/chunks/\(index)"))
        request.httpMethod = "PUT"
        request.setValue("\(chunks.count)", forHTTPHeaderField: "X-Chunk-Count")

        session.uploadTask(with: request, from: chunks[index]) { [self] body, response, error in
            guard error == nil, let http = response as? HTTPURLResponse else {
                return events.send(completion: .failure(.offline))
            }
            guard (200..<300).contains(http.statusCode) else {
                return events.send(completion: .failure(.rejected(statusCode: http.statusCode)))
            }
            events.send(.progress(Double(index + 1) / Double(chunks.count)))

            if index + 1 < chunks.count {
                send(chunks, from: index + 1, of: photo, to: events)
            } else if let body, let reply = try? JSONDecoder().decode(AttachedPhoto.self, from: body) {
                events.send(.attached(reply.url))
                events.send(completion: .finished)
            } else {
                events.send(completion: .failure(.rejected(statusCode: http.statusCode)))
            }
        }.resume()
    }

    private struct AttachedPhoto: Decodable {
        let url: URL
    }
}
