// The transfer mode: uploads a large file as a multipart part and downloads one to a file through
// the Executor, and reports the process's peak resident memory above its baseline (Linux: VmHWM and
// VmRSS from /proc/self/status), to show that file transfers stream instead of buffering.
import Foundation
import Interactive

/// A multipart upload of one file to the transfer server's `/upload`.
struct BenchUpload: Api {
    struct Received: Decodable, Sendable { var received: Int64 }
    let service: ServiceConfiguration
    let file: URL

    var request: ApiRequest {
        var request = ApiRequest(service: service, apiName: "BenchUpload", method: .post, path: "/upload", bodyEncoding: .multipart,
                                 options: RequestOptions(timeout: .seconds(3600)))
        request.add("bench", as: "title", in: .body)
        request.add(UploadFile(url: file), as: "file", in: .body)
        return request
    }

    var parser: JSONParser<Received> { JSONParser() }
}

/// A download of `size` bytes to a file.
struct BenchDownload: Api {
    let service: ServiceConfiguration
    let size: Int64

    var request: ApiRequest {
        var request = ApiRequest(service: service, apiName: "BenchDownload", method: .get, path: "/bytes/\(size)",
                                 options: RequestOptions(timeout: .seconds(3600)))
        request.download = DownloadRequest()
        return request
    }

    var parser: FileParser { FileParser() }
}

/// A field of /proc/self/status in KiB (0 where there is none).
func procStatusKiB(_ field: String) -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
    for line in text.split(separator: "\n") where line.hasPrefix(field + ":") {
        return Int(line.dropFirst(field.count + 1).split(whereSeparator: { $0 == " " || $0 == "\t" }).first ?? "") ?? 0
    }
    return 0
}

/// Writes `mib` MiB to a new file, 1 MiB at a time.
func makeLargeFile(mib: Int) throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("runtime-bench-\(UUID().uuidString).bin")
    guard FileManager.default.createFile(atPath: url.path, contents: nil) else { throw BenchError.failed("cannot create \(url.path)") }
    let handle = try FileHandle(forWritingTo: url)
    defer { try? handle.close() }
    let chunk = Data((0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0) })
    for _ in 0..<mib { try handle.write(contentsOf: chunk) }
    return url
}

func runTransfer(port: Int, mib: Int) async throws {
    guard let base = URL(string: "http://127.0.0.1:\(port)") else { throw BenchError.failed("bad port \(port)") }
    let service = ServiceConfiguration(name: "Bench", environments: [.init(name: "local", baseURL: base)])
    let executor = Executor()
    // Warm up: the session, the first connection and the code paths, with small transfers.
    let small = try makeLargeFile(mib: 1)
    defer { try? FileManager.default.removeItem(at: small) }
    _ = try await executor.execute(BenchUpload(service: service, file: small))
    try FileManager.default.removeItem(at: try await executor.execute(BenchDownload(service: service, size: 1 << 20)))

    let file = try makeLargeFile(mib: mib)
    defer { try? FileManager.default.removeItem(at: file) }
    let size = Int64(mib) << 20
    let baseline = procStatusKiB("VmRSS")
    let peakBefore = procStatusKiB("VmHWM")
    var progressReports = 0
    let reports = Locked(0)
    let uploadStart = ContinuousClock.now
    let uploaded = try await executor.execute(BenchUpload(service: service, file: file)) { _ in reports.withLock { $0 += 1 } }
    let uploadTime = ContinuousClock.now - uploadStart
    guard uploaded.received > size else { throw BenchError.failed("the server received \(uploaded.received) bytes") }
    let afterUpload = procStatusKiB("VmHWM")
    let downloadStart = ContinuousClock.now
    let downloaded = try await executor.execute(BenchDownload(service: service, size: size)) { _ in reports.withLock { $0 += 1 } }
    let downloadTime = ContinuousClock.now - downloadStart
    defer { try? FileManager.default.removeItem(at: downloaded) }
    let downloadedSize = (try FileManager.default.attributesOfItem(atPath: downloaded.path)[.size] as? NSNumber)?.int64Value ?? 0
    guard downloadedSize == size else { throw BenchError.failed("downloaded \(downloadedSize) bytes of \(size)") }
    let peak = procStatusKiB("VmHWM")
    progressReports = reports.current
    func seconds(_ duration: Duration) -> String {
        String(format: "%.1f", Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18)
    }
    print("transfer size-mib \(mib) baseline-rss-mib \(baseline / 1024) peak-before-mib \(peakBefore / 1024)")
    print("transfer upload seconds \(seconds(uploadTime)) peak-above-baseline-mib \(max(0, afterUpload - baseline) / 1024)")
    print("transfer download seconds \(seconds(downloadTime)) peak-above-baseline-mib \(max(0, peak - baseline) / 1024)")
    print("transfer progress-reports \(progressReports)")
}
