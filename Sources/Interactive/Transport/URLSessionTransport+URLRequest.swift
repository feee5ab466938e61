#if canImport(FoundationNetworking)
import Foundation
import FoundationNetworking
#else
import Foundation
#endif

/// Foundation's request for ours.
extension URLSessionTransport {
    /// The `URLRequest` for `request`; its headers must have passed ``HeaderCheck``.
    static func makeURLRequest(_ request: HTTPRequest) -> URLRequest {
        var urlRequest = URLRequest(url: request.url)
        // Cookies are accepted from the request's own host (the policy is "main document domain").
        urlRequest.mainDocumentURL = request.url
        // A new request's method is GET already; FoundationNetworking compares a method it is given
        // with each standard one, ignoring case.
        if request.method != .get { urlRequest.httpMethod = request.method.rawValue }
        urlRequest.httpBody = request.body
        urlRequest.timeoutInterval = wholeSeconds(request.timeout) + 1
        #if canImport(FoundationNetworking)
        if !request.headers.fields.isEmpty { urlRequest.allHTTPHeaderFields = foundationHeaderFields(request.headers) }
        #else
        for field in request.headers {
            urlRequest.addValue(field.value, forHTTPHeaderField: field.name)
        }
        #endif
        return urlRequest
    }

    /// The fields as FoundationNetworking's `addValue(_:forHTTPHeaderField:)` stores them one by one
    /// — names capitalized (`content-type` → `Content-Type`), the values of one name joined with
    /// commas in order — without its cost per field: a check of the value character by character (the
    /// header check before already rejects every value it would drop), a capitalization through
    /// Foundation, and a copy of the whole dictionary.
    static func foundationHeaderFields(_ headers: HTTPHeaders) -> [String: String] {
        var fields = [String: String](minimumCapacity: headers.fields.count)
        for field in headers {
            let name = HeaderNameCase.capitalized(field.name)
            if let earlier = fields[name] {
                fields[name] = earlier + "," + field.value
            } else {
                fields[name] = field.value
            }
        }
        return fields
    }
}

/// Header names capitalized as Foundation's `capitalized` does it.
enum HeaderNameCase {
    /// `name` with the first letter of each word upper-case and the others lower-case. Names of
    /// ASCII letters and hyphens (nearly all) are done on their bytes; others go through Foundation.
    static func capitalized(_ name: String) -> String {
        var wordStart = true
        var unchanged = true
        for byte in name.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"):
                if !wordStart { unchanged = false }
                wordStart = false
            case UInt8(ascii: "a")...UInt8(ascii: "z"):
                if wordStart { unchanged = false }
                wordStart = false
            case UInt8(ascii: "-"):
                wordStart = true
            default:
                return name.capitalized
            }
        }
        if unchanged { return name }
        var bytes = Array(name.utf8)
        wordStart = true
        for index in bytes.indices {
            let byte = bytes[index]
            if byte == UInt8(ascii: "-") {
                wordStart = true
                continue
            }
            let lower = byte | 0x20
            bytes[index] = wordStart ? lower & ~0x20 : lower
            wordStart = false
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
