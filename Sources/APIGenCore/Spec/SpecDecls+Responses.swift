/// A key of an API's `responses:`: a status code, a range of a hundred codes, or `default`, as in
/// OpenAPI.
enum StatusKey: Hashable, Sendable, Comparable {
    /// One code, 100–599.
    case code(Int)
    /// `1XX`…`5XX`: the hundred codes starting with this digit.
    case range(Int)
    /// Every status no other entry names.
    case `default`

    /// Reads `404`, `4XX` or `default`; `nil` for anything else.
    init?(_ text: String) {
        if text == "default" {
            self = .default
        } else if text.count == 3, text.hasSuffix("XX"), let digit = text.first?.wholeNumberValue, (1...5).contains(digit) {
            self = .range(digit)
        } else if text.count == 3, text.allSatisfy(\.isASCII), let code = Int(text), (100...599).contains(code) {
            self = .code(code)
        } else {
            return nil
        }
    }

    /// Every range key and `default`, for did-you-mean.
    static let spelledKeys = ["1XX", "2XX", "3XX", "4XX", "5XX", "default"]

    /// As the spec writes it.
    var text: String {
        switch self {
        case .code(let code): String(code)
        case .range(let digit): "\(digit)XX"
        case .default: "default"
        }
    }

    /// Whether a status of this key is an answer unless the entry says otherwise: 1xx–3xx are,
    /// 4xx, 5xx and `default` are failures (OpenAPI's `default` usually describes errors).
    var isSuccessByDefault: Bool {
        switch self {
        case .code(let code): code < 400
        case .range(let digit): digit < 4
        case .default: false
        }
    }

    /// Order of the generated switch: exact codes, then ranges, then default; the most specific wins.
    static func < (lhs: StatusKey, rhs: StatusKey) -> Bool {
        switch (lhs, rhs) {
        case (.code(let a), .code(let b)), (.range(let a), .range(let b)): a < b
        case (.code, _): true
        case (.range, .default): true
        default: false
        }
    }
}

/// One entry of an API's `responses:`.
struct StatusResponseDecl: Sendable {
    var status: StatusKey
    /// Where the status key is written.
    var location: SourceLocation
    /// The body: `.none`, `.type`, `.text` or `.binary`.
    var body: ResponseDecl
    /// Where the body's type is written (the key's location when there is none).
    var bodyLocation: SourceLocation
    /// `success:` as written; otherwise the status's class decides.
    var success: Bool?
    var description: String?

    /// Whether the status is an answer rather than a failure.
    var isSuccess: Bool { success ?? status.isSuccessByDefault }
}
