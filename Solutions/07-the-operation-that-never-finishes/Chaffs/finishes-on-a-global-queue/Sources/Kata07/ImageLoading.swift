import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Fetches the bytes of one image. The operation asks for them; who answers, and when, is up to
/// the loader: URLSession in the app, a loader the test finishes by hand in the tests.
protocol ImageLoading {
    func loadImage(from url: URL, completion: @escaping (Result<Data, Error>) -> Void)
}

/// The production loader: one `URLSession` data task per image.
struct URLSessionImageLoader: ImageLoading {
    enum LoadError: Error, Equatable {
        case badStatus(Int)
        case emptyBody
    }

    var session: URLSession = .shared

    func loadImage(from url: URL, completion: @escaping (Result<Data, Error>) -> Void) {
        session.dataTask(with: url) { data, response, error in
            if let error = error {
                completion(.failure(error))
            } else if let http = response as? HTTPURLResponse, !(200..<300).contains(http.statusCode) {
                completion(.failure(LoadError.badStatus(http.statusCode)))
            } else if let data = data, !data.isEmpty {
                completion(.success(data))
            } else {
                completion(.failure(LoadError.emptyBody))
            }
        }.resume()
    }
}
