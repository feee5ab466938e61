/// Writes ``SpecNode``s as block-style YAML, and remembers on which lines each top-level key, model
/// and API (and each API's `mock`) landed, so that the generator's diagnostics can be traced back.
struct YAMLText {
    /// The text written so far.
    private(set) var text = ""
    /// The current line, from 1.
    private(set) var line = 1
    /// Line ranges by section path: `defaults`, `models/Pet`, `apis/ListPets`, `apis/ListPets/mock`.
    private(set) var ranges: [String: ClosedRange<Int>] = [:]

    /// Writes a whole file: `header` lines (each a YAML comment), then the mapping.
    static func file(header: [String], _ entries: [SpecEntry]) -> YAMLText {
        var writer = YAMLText()
        for line in header { writer.appendLine("# " + line) }
        writer.writeMap(entries, indent: 0, path: [])
        return writer
    }

    private mutating func appendLine(_ content: String) {
        text += content + "\n"
        line += 1
    }

    private mutating func writeMap(_ entries: [SpecEntry], indent: Int, path: [String]) {
        let pad = String(repeating: " ", count: indent)
        for entry in entries {
            let start = line
            let key = Self.key(entry.key)
            let entryPath = path + [entry.key]
            switch entry.value {
            case .map(let children) where !children.isEmpty:
                appendLine(pad + key + ":")
                writeMap(children, indent: indent + 2, path: entryPath)
            case .list(let items) where !items.isEmpty:
                appendLine(pad + key + ":")
                writeList(items, indent: indent + 2, path: entryPath)
            default:
                appendLine(pad + key + ": " + Self.inline(entry.value))
            }
            if entryPath.count == 1 || entryPath.count == 2 && (entryPath[0] == "models" || entryPath[0] == "apis")
                || entryPath.count == 3 && entryPath[0] == "apis" && entryPath[2] == "mock" {
                ranges[entryPath.joined(separator: "/")] = start...max(start, line - 1)
            }
        }
    }

    private mutating func writeList(_ items: [SpecNode], indent: Int, path: [String]) {
        let pad = String(repeating: " ", count: indent)
        for item in items {
            switch item {
            case .map(let children) where !children.isEmpty:
                // `- key: value` then the other keys under it.
                var nested = YAMLText()
                nested.writeMap(children, indent: indent + 2, path: [])
                let body = nested.text.dropLast().split(separator: "\n", omittingEmptySubsequences: false)
                for (index, row) in body.enumerated() {
                    appendLine(index == 0 ? pad + "- " + row.dropFirst(indent + 2) : String(row))
                }
            case .list(let children) where !children.isEmpty:
                appendLine(pad + "- " + Self.flow(item))
            default:
                appendLine(pad + "- " + Self.inline(item))
            }
        }
    }

    /// A value on the line of its key.
    private static func inline(_ node: SpecNode) -> String {
        switch node {
        case .text(let text): scalar(text)
        case .literal(let text): text
        case .json(let value): value.jsonText
        case .map, .list: flow(node)
        }
    }

    /// A value in flow style: `{}`, `[]`, `[a, b]`.
    private static func flow(_ node: SpecNode) -> String {
        switch node {
        case .text(let text): doubleQuoted(text)
        case .literal(let text): text
        case .json(let value): value.jsonText
        case .map(let entries): "{" + entries.map { doubleQuoted($0.key) + ": " + flow($0.value) }.joined(separator: ", ") + "}"
        case .list(let items): "[" + items.map(flow).joined(separator: ", ") + "]"
        }
    }

    private static func key(_ text: String) -> String {
        isPlainKey(text) ? text : doubleQuoted(text)
    }

    /// Text written plain when YAML would read it back as the same text, else double-quoted.
    static func scalar(_ text: String) -> String {
        isPlain(text) ? text : doubleQuoted(text)
    }

    /// Words YAML 1.1 reads as something other than text.
    private static let specialWords: Set<String> = ["true", "false", "yes", "no", "on", "off", "null", "y", "n", "~"]

    /// Punctuation plain text may hold (never `:` or `#`, so `: ` and ` #` cannot occur).
    private static let plainPunctuation: Set<UInt32> = Set("_-./{}?() ,'+*=@&;$!".unicodeScalars.map(\.value))

    private static func isLetterOrDigit(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: true
        case 0..<0x80: false
        default: scalar.properties.isAlphabetic || scalar.properties.numericType != nil
        }
    }

    private static func isPlain(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last else { return false }
        guard first == "_" || first == "/" || (first.isASCII ? isLetterOrDigit(first) && !("0"..."9").contains(first) : first.properties.isAlphabetic) else { return false }
        guard last != " " else { return false }
        if text.utf8.count <= 5, specialWords.contains(text.lowercased()) { return false }
        var previous: Unicode.Scalar = "\0"
        for scalar in text.unicodeScalars {
            guard isLetterOrDigit(scalar) || plainPunctuation.contains(scalar.value) else { return false }
            if previous == " " && scalar == " " { return false }
            previous = scalar
        }
        return true
    }

    private static func isPlainKey(_ text: String) -> Bool {
        if let first = text.unicodeScalars.first, ("0"..."9").contains(first),
           text.unicodeScalars.allSatisfy({ $0.isASCII && isLetterOrDigit($0) }) {
            return true   // status keys: 200, 4XX
        }
        return isPlain(text) && !text.utf8.contains(where: { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "}") })
    }

    /// `"…"` with JSON's escapes, which YAML's double-quoted style reads the same way.
    static func doubleQuoted(_ text: String) -> String {
        QuotedText.make(text, isControl: needsEscape, escape: { scalar in "\\u" + String(format: "%04X", scalar.value) })
    }

    /// C0 and C1 controls, DEL, the line and paragraph separators and the byte order mark.
    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x20 || value == 0x7F { return true }
        if (0x80...0x9F).contains(value) { return true }
        return value == 0x2028 || value == 0x2029 || value == 0xFEFF
    }
}

import APIGenCore
import Foundation
