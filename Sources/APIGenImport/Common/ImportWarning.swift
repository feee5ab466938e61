import APIGenCore
/// Something the source says that the spec format cannot express, or says differently: one line,
/// `DOC#/json/pointer: warning: message` (or `DOC: NEI interface 'name' (id 12): warning: …`).
public struct ImportWarning: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The source document as given on the command line.
    public var document: String
    /// Where in it: a JSON pointer starting with `#`, or an NEI item's kind, name and id.
    public var location: String
    /// What was dropped or approximated.
    public var message: String
    /// A short name of the kind of loss, for counting (`security`, `anyOf`, `cookie`…).
    public var kind: String

    /// Creates a warning.
    public init(document: String, location: String, message: String, kind: String) {
        self.document = document
        self.location = location
        self.message = message
        self.kind = kind
    }

    /// The line as printed, with `warning` or (under `--strict`) `error`.
    /// Control characters the source's names and values hold are written as escapes (`\n`,
    /// `\u{1B}`), so that one warning is one line and no text acts on the terminal.
    public func line(severity: String) -> String {
        MessageText.escaped("\(Self.place(document: document, location: location)): \(severity): \(message)")
    }

    /// A place in a source document as lines name it: `DOC#/json/pointer`, `DOC: NEI interface …`.
    static func place(document: String, location: String) -> String {
        document + (location.hasPrefix("#") ? "" : ": ") + location
    }

    public var description: String { line(severity: "warning") }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.location, lhs.message) < (rhs.location, rhs.message)
    }
}

/// A JSON pointer (RFC 6901) into a document, built while walking it.
struct JSONPointer: Sendable, Hashable, CustomStringConvertible {
    private(set) var tokens: [String]

    init(_ tokens: [String] = []) {
        self.tokens = tokens
    }

    /// The pointer one step further down.
    func appending(_ token: String) -> JSONPointer {
        JSONPointer(tokens + [token])
    }

    /// The pointer several steps further down.
    func appending(_ more: String...) -> JSONPointer {
        JSONPointer(tokens + more)
    }

    /// The pointer of a reference within the document (`#/components/schemas/Tag/allOf/0`), or `nil`
    /// for one into another file.
    init?(reference: String) {
        guard reference.hasPrefix("#/") else { return nil }
        let path = reference.dropFirst(2)
        let decoded = path.removingPercentEncoding ?? String(path)
        tokens = decoded.split(separator: "/", omittingEmptySubsequences: false).map {
            $0.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
        }
    }

    /// `#/paths/~1pets~1{id}/get`.
    var description: String {
        "#" + tokens.map { "/" + $0.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1") }.joined()
    }
}

import Foundation
