/// A response wrapper such as `{"code": 100, "message": "ok", "result": {…}}`.
///
/// A response whose code is one of ``successCodes`` is unwrapped into its ``resultKey`` member;
/// any other code fails with ``InteractiveError/envelope(code:message:)``.
public struct Envelope: Sendable, Hashable {
    /// The key of the status code member.
    public var codeKey: String
    /// Codes that mean success, compared as text so `100` and `"100"` both match `"100"`.
    public var successCodes: [String]
    /// The key of the human-readable message member, if the server sends one.
    public var messageKey: String?
    /// The key of the business object member.
    public var resultKey: String
    /// Codes that mean the session has expired; a re-login plugin reacts to them.
    public var sessionExpiredCodes: [String]

    /// Creates an envelope description.
    public init(
        codeKey: String = "code",
        successCodes: [String],
        messageKey: String? = "message",
        resultKey: String = "result",
        sessionExpiredCodes: [String] = []
    ) {
        self.codeKey = codeKey
        self.successCodes = successCodes
        self.messageKey = messageKey
        self.resultKey = resultKey
        self.sessionExpiredCodes = sessionExpiredCodes
    }
}
