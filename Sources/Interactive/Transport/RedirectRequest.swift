package import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The request that follows a redirect, built from the request that was redirected rather than
/// from the one URLSession offers, which on Linux loses a 307/308 POST's body and on every platform
/// keeps credentials when the redirect leaves the origin.
///
/// - Only 301, 302, 303, 307 and 308 are followed (``followed``), by every transport: a 300 leaves
///   the choice to the caller, 305 (Use Proxy) and 306 are no redirects to follow (RFC 9110
///   §15.4.1, §15.4.6, §15.4.7); their answer comes back as it is.
/// - 307 and 308 repeat the method, body and headers (RFC 9110 §15.4.8, §15.4.9).
/// - 301 and 302 turn a POST into a GET without body; 303 turns anything but HEAD into a GET without
///   body (RFC 9110 §15.4.2–§15.4.4, as browsers and curl do).
/// - A redirect to another origin (scheme, host or port) drops `Authorization`,
///   `Proxy-Authorization`, `Cookie` and every header that carries a `secret: true` parameter; the
///   cookies stored for the new origin are added by the session.
package enum RedirectRequest {
    /// Header names that carry credentials, lowercased; dropped when the origin changes.
    static let credentialHeaders: Set<String> = ["authorization", "proxy-authorization", "cookie"]
    /// The redirect statuses a transport follows; the target is the `Location` header.
    package static let followed: Set<Int> = [301, 302, 303, 307, 308]
    /// Headers that describe a body, lowercased; dropped with it.
    static let bodyHeaders: Set<String> = ["content-type", "content-length", "content-encoding", "transfer-encoding"]

    /// The request to send to `target` after `previous` was answered with redirect `status`.
    ///
    /// - Parameter secretHeaders: Names of headers whose values came from secret parameters.
    static func make(following status: Int, from previous: URLRequest, to target: URL, secretHeaders: Set<String>) -> URLRequest {
        var next = previous
        next.url = target
        next.mainDocumentURL = target
        let method = (previous.httpMethod ?? "GET").uppercased()
        if becomesGET(status: status, method: method) {
            next.httpMethod = "GET"
            next.httpBody = nil
            next.httpBodyStream = nil
            removeHeaders(from: &next) { bodyHeaders.contains($0) }
        }
        if let source = previous.url, !isSameOrigin(source, target) {
            let secrets = Set(secretHeaders.map { $0.lowercased() })
            removeHeaders(from: &next) { credentialHeaders.contains($0) || secrets.contains($0) }
        }
        return next
    }

    /// The request to send to `target` after `previous` was answered with redirect `status`, for a
    /// transport that works on ``HTTPRequest``s: the same rules, and a body from files
    /// (``HTTPRequest/upload``) is kept or dropped with the in-memory one.
    package static func make(following status: Int, from previous: HTTPRequest, to target: URL) -> HTTPRequest {
        var next = previous
        next.url = target
        if becomesGET(status: status, method: previous.method.rawValue.uppercased()) {
            next.method = .get
            next.body = nil
            next.upload = nil
            for name in previous.headers.map(\.name) where bodyHeaders.contains(name.lowercased()) { next.headers.remove(name) }
        }
        if !isSameOrigin(previous.url, target) {
            let secrets = Set(previous.options.secretKeys.map { $0.lowercased() })
            for name in previous.headers.map(\.name) where credentialHeaders.contains(name.lowercased()) || secrets.contains(name.lowercased()) {
                next.headers.remove(name)
            }
        }
        return next
    }

    /// Whether a redirect may be followed to `url`: http and https only (never `file:` and the like).
    package static func isWebURL(_ url: URL?) -> Bool {
        guard let scheme = url?.scheme?.lowercased() else { return false }
        return scheme == "http" || scheme == "https"
    }

    /// Whether a redirect with this status changes the method to GET and drops the body.
    static func becomesGET(status: Int, method: String) -> Bool {
        switch status {
        case 301, 302: method == "POST"
        case 303: method != "HEAD" && method != "GET"
        default: false
        }
    }

    /// Whether two URLs have the same scheme, host and port (default ports filled in).
    package static func isSameOrigin(_ a: URL, _ b: URL) -> Bool {
        origin(a) == origin(b)
    }

    private static func origin(_ url: URL) -> [String] {
        let scheme = url.scheme?.lowercased() ?? ""
        let port = url.port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : -1)
        return [scheme, url.host?.lowercased() ?? "", String(port)]
    }

    private static func removeHeaders(from request: inout URLRequest, where drop: (String) -> Bool) {
        for name in (request.allHTTPHeaderFields ?? [:]).keys where drop(name.lowercased()) {
            request.setValue(nil, forHTTPHeaderField: name)
        }
    }
}
