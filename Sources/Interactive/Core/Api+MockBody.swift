import Foundation

extension Api {
    /// ``mockJSON`` decoded as `type`, or `nil` when there is no mock: the body part of a mock whose
    /// business object also carries response headers.
    public func mockBody<Body: Decodable>(as type: Body.Type) throws(InteractiveError) -> Body? {
        guard let json = Self.mockJSON else { return nil }
        return try InteractiveCoding.decode(type, from: Data(json.utf8))
    }
}
