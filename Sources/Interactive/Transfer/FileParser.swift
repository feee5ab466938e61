public import Foundation

/// The response body as a file the caller owns (the spec's `response: { format: file }`).
///
/// With ``URLSessionTransport`` the body was written to disk as it arrived (``HTTPResponse/bodyFile``);
/// a transport that returns the body in memory (``StubTransport``) has it written to a new file in
/// ``DownloadRequest/defaultDirectory`` here, so tests and mocks get a file too.
public struct FileParser: ResponseParser {
    /// Creates a parser.
    public init() {}

    /// Checks the status and returns the file.
    public func parse(_ response: HTTPResponse) throws(InteractiveError) -> URL {
        guard response.isSuccess else {
            if let file = response.bodyFile { try? FileManager.default.removeItem(at: file) }
            throw .unacceptableStatus(code: response.status, headers: response.headers, body: response.body)
        }
        if let file = response.bodyFile { return file }
        return try Self.write(response.body)
    }

    /// Any media type.
    public var acceptedMediaTypes: String { "*/*" }

    /// Writes `data` to a new file in the default download directory.
    static func write(_ data: Data) throws(InteractiveError) -> URL {
        let directory = DownloadRequest.defaultDirectory
        let file = directory.appendingPathComponent(UUID().uuidString)
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try data.write(to: file)
        } catch {
            throw .transport(message: "cannot write the download: \(error.localizedDescription)", code: nil)
        }
        return file
    }
}

extension Api where Parser.Output == URL {
    /// A download's mock: the spec's mock (base64) written to a new file, as a real download would be.
    public var mock: URL? {
        get throws(InteractiveError) {
            guard let json = Self.mockJSON else { return nil }
            let data = try InteractiveCoding.decode(Data.self, from: Data(json.utf8))
            return try FileParser.write(data)
        }
    }
}
