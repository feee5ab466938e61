import AsyncHTTPClient
import Foundation
import Interactive
import NIOCore
import NIOHTTP1

/// One request and its response: the body collected in memory, written to a download file, or
/// handed over as a stream.
extension AsyncHTTPClientTransport {
    enum Outcome {
        case response(HTTPResponse)
        /// A redirect to follow with this request.
        case redirect(HTTPRequest)
    }

    /// A download's partial file is finished the moment the calling task is cancelled (see
    /// ``DownloadSink/withSink(for:reporter:_:)``), not when the body's iteration notices.
    func exchange(_ request: HTTPRequest, deadline: NIODeadline) async throws(InteractiveError) -> Outcome {
        let reporter = ProgressReporter.current
        return try await DownloadSink.withSink(for: request, reporter: reporter) { sink throws(InteractiveError) in
            try await exchange(request, deadline: deadline, sink: sink, reporter: reporter)
        }
    }

    private func exchange(_ request: HTTPRequest, deadline: NIODeadline, sink: DownloadSink?, reporter: ProgressReporter?) async throws(InteractiveError) -> Outcome {
        let outgoing = try makeRequest(request, resumeHeaders: sink?.resumeHeaders() ?? [], reporter: reporter)
        let response: HTTPClientResponse
        do {
            response = try await client.execute(outgoing, deadline: deadline)
        } catch {
            throw HTTPClientErrorMapping.map(error, timeout: request.timeout)
        }
        let status = Int(response.status.code)
        let headers = Self.headers(of: response)
        cookies?.store(setBy: headers, from: request.url)
        if RedirectRequest.followed.contains(status), let location = headers["Location"],
           let target = URL(string: location, relativeTo: request.url)?.absoluteURL, RedirectRequest.isWebURL(target) {
            // Read to the end so the connection can serve the next request.
            _ = try await Self.reading(until: deadline, timeout: request.timeout) { [body = response.body] () throws(InteractiveError) in
                try await Self.collect(body, for: request)
            }
            return .redirect(RedirectRequest.make(following: status, from: request, to: target))
        }
        var result = HTTPResponse(status: status, headers: headers)
        if request.streamsResponse, (200..<300).contains(status) {
            result.bodyStream = Self.stream(response.body, for: request)
            return .response(result)
        }
        let body = response.body
        if let sink, sink.begin(status: status, headers: headers) {
            result.bodyFile = try await Self.reading(until: deadline, timeout: request.timeout) { () throws(InteractiveError) in
                try await Self.download(body, to: sink, for: request)
            }
            return .response(result)
        }
        result.body = try await Self.reading(until: deadline, timeout: request.timeout) { () throws(InteractiveError) in
            try await Self.collect(body, for: request)
        }
        return .response(result)
    }

    /// Runs `read`, a body's reading, until `deadline`: AsyncHTTPClient's own deadline ends when
    /// the response's head arrives, and a body the server drips must not outlast the request's
    /// timeout. At the deadline the reading is cancelled (closing the connection) and the caller
    /// gets ``InteractiveError/timeout(after:)``.
    static func reading<T: Sendable>(
        until deadline: NIODeadline,
        timeout: Duration,
        _ read: @escaping @Sendable () async throws(InteractiveError) -> T
    ) async throws(InteractiveError) -> T {
        guard deadline != .distantFuture else { return try await read() }
        let left = deadline - .now()
        let end = ContinuousClock.now + .nanoseconds(max(0, left.nanoseconds))
        return try await DeadlineRace.run(until: end, timeout: timeout, operation: read).get()
    }

    /// AsyncHTTPClient's request for ours, with the stored cookies and a resumed download's headers.
    private func makeRequest(_ request: HTTPRequest, resumeHeaders: [(String, String)], reporter: ProgressReporter?) throws(InteractiveError) -> HTTPClientRequest {
        var outgoing = HTTPClientRequest(url: request.url.absoluteString)
        outgoing.method = NIOHTTP1.HTTPMethod(rawValue: request.method.rawValue)
        for field in request.headers { outgoing.headers.add(name: field.name, value: field.value) }
        for (name, value) in resumeHeaders { outgoing.headers.replaceOrAdd(name: name, value: value) }
        if let cookie = cookies?.header(for: request.url) {
            let existing = outgoing.headers["Cookie"].joined(separator: "; ")
            outgoing.headers.replaceOrAdd(name: "Cookie", value: existing.isEmpty ? cookie : existing + "; " + cookie)
        }
        if let upload = request.upload {
            // Content-Length comes from the body's length; a caller's own would be sent twice.
            outgoing.headers.remove(name: "Content-Length")
            outgoing.body = .stream(try UploadChunks(upload.segments, reporter: reporter), length: .known(upload.contentLength))
        } else if let body = request.body {
            outgoing.headers.remove(name: "Content-Length")
            if let reporter {
                outgoing.body = .stream(try UploadChunks([.data(body)], reporter: reporter), length: .known(Int64(body.count)))
            } else {
                outgoing.body = .bytes(ByteBuffer(bytes: body))
            }
        }
        return outgoing
    }

    /// The whole body in memory.
    private static func collect(_ body: HTTPClientResponse.Body, for request: HTTPRequest) async throws(InteractiveError) -> Data {
        do {
            var data = Data()
            for try await buffer in body { data.append(contentsOf: buffer.readableBytesView) }
            // A cancelled iteration may end early without an error: never a short body as success.
            try Task.checkCancellation()
            return data
        } catch {
            throw HTTPClientErrorMapping.map(error, timeout: request.timeout)
        }
    }

    /// The body written to the download's file as it arrives; the finished file.
    private static func download(_ body: HTTPClientResponse.Body, to sink: DownloadSink, for request: HTTPRequest) async throws(InteractiveError) -> URL {
        do {
            for try await buffer in body { sink.write(Data(buffer.readableBytesView)) }
            try Task.checkCancellation()
        } catch {
            sink.finish(failed: true)
            throw HTTPClientErrorMapping.map(error, timeout: request.timeout)
        }
        return try sink.finish(failed: false).get()
    }

    /// The body handed over as it arrives. The next chunk is read only when the reader has room
    /// (``ResponseBodyStream/send(_:)``), so a slow reader holds back the socket, not memory.
    private static func stream(_ body: HTTPClientResponse.Body, for request: HTTPRequest) -> ResponseBodyStream {
        // The reader may cancel before the pump is made: the flag tells the pump's maker.
        let pump = Locked<(task: Task<Void, Never>?, cancelled: Bool)>((nil, false))
        let stream = ResponseBodyStream(onCancel: {
            pump.withLock { state in
                state.cancelled = true
                return state.task
            }?.cancel()
        })
        let timeout = request.timeout
        let task = Task {
            do {
                for try await buffer in body {
                    await stream.send(Data(buffer.readableBytesView))
                    try Task.checkCancellation()
                }
                stream.finish()
            } catch {
                stream.finish(throwing: HTTPClientErrorMapping.map(error, timeout: timeout))
            }
        }
        let cancelled = pump.withLock { state in
            state.task = task
            return state.cancelled
        }
        if cancelled { task.cancel() }
        return stream
    }

    /// Our header fields from NIO's, in order.
    static func headers(of response: HTTPClientResponse) -> Interactive.HTTPHeaders {
        var headers = Interactive.HTTPHeaders()
        for (name, value) in response.headers { headers.add(value, for: name) }
        return headers
    }
}
