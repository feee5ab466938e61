/// A template parsed for ``SubsetRenderer``: the part of Mustache the default templates use.
///
/// Variables (`{{name}}`, `{{a.b}}`, `{{.}}`), sections (`{{#name}}`), inverted sections
/// (`{{^name}}`), comments, partials at the start of a line, and the `CONTENT_TYPE:TEXT` pragma, with
/// the Mustache specification's standalone-line rule (a line holding only a section, comment, partial
/// or pragma tag leaves no trace in the output). Anything else — transforms, lambdas, triple mustaches,
/// changed delimiters, blocks, indented or dynamic partials — makes parsing return `nil`, and such a
/// template set is rendered by swift-mustache alone. So do the few layouts where swift-mustache's
/// whitespace handling departs from the specification (a section opened on a line of its own and
/// closed inline or the other way round, line ends other than `\n` and `\r\n`, blanks after a
/// final tag with no newline), so that a template renders the same whichever renderer runs it.
struct SubsetTemplate: Sendable {
    indirect enum Node: Sendable {
        case text(String)
        /// A dotted name split at the dots; `["."]` is the current value.
        case variable([String])
        case section([String], [Node])
        case inverted([String], [Node])
        case partial(String)
    }

    let nodes: [Node]

    /// Parses `text`; `nil` when it uses anything outside the subset or is malformed.
    init?(_ text: String) {
        let source = Array(text.utf8)
        guard !Self.hasOtherLineEnds(source) else { return nil }
        var parser = Parser(source: source)
        guard let nodes = parser.parseNodes(until: nil, openedStandalone: false), parser.position == parser.source.count else { return nil }
        self.nodes = nodes
    }

    /// Lone CR, VT, FF, NEL, LS and PS: line ends to swift-mustache, text to the specification.
    private static func hasOtherLineEnds(_ bytes: [UInt8]) -> Bool {
        for index in bytes.indices {
            switch bytes[index] {
            case 0x0B, 0x0C: return true
            case 0x0D where index + 1 == bytes.count || bytes[index + 1] != 0x0A: return true
            case 0x85 where index > 0 && bytes[index - 1] == 0xC2: return true
            case 0xA8, 0xA9: if index > 1, bytes[index - 1] == 0x80, bytes[index - 2] == 0xE2 { return true }
            default: break
            }
        }
        return false
    }

    /// A recursive-descent parser over the template's UTF-8 bytes.
    private struct Parser {
        let source: [UInt8]
        var position = 0

        private static let open: [UInt8] = Array("{{".utf8)
        private static let close: [UInt8] = Array("}}".utf8)
        private static let newline = UInt8(ascii: "\n")

        /// Nodes up to the closing tag of `section` (or the end when `nil`), which is consumed; the
        /// closing tag must be standalone exactly when the opening one was.
        mutating func parseNodes(until section: String?, openedStandalone: Bool) -> [Node]? {
            var nodes: [Node] = []
            var text: [UInt8] = []
            func flushText() {
                if !text.isEmpty { nodes.append(.text(String(decoding: text, as: UTF8.self))) }
                text.removeAll(keepingCapacity: true)
            }
            while position < source.count {
                guard starts(with: Self.open, at: position) else {
                    text.append(source[position])
                    position += 1
                    continue
                }
                let tagStart = position
                guard let closeAt = find(Self.close, from: tagStart + 2) else { return nil }
                let body = String(decoding: source[(tagStart + 2)..<closeAt], as: UTF8.self)
                let tagEnd = closeAt + 2
                guard let sigil = body.first else { return nil }
                let name = String(body.dropFirst()).trimmingWhitespace
                switch sigil {
                case "#", "^", "/", "!", ">", "%":
                    let standalone = standaloneRange(tagStart: tagStart, tagEnd: tagEnd)
                    // Blanks after a final tag without a newline: swift-mustache writes them out.
                    if let standalone, standalone.next == source.count, standalone.next > tagEnd, source.last != Self.newline { return nil }
                    if let standalone {
                        // The line's leading whitespace was collected as text: drop it.
                        text.removeLast(min(tagStart - standalone.lineStart, text.count))
                        position = standalone.next
                    } else {
                        position = tagEnd
                    }
                    switch sigil {
                    case "#", "^":
                        guard let path = Self.path(name), path != ["."] else { return nil }
                        flushText()
                        guard let children = parseNodes(until: name, openedStandalone: standalone != nil) else { return nil }
                        nodes.append(sigil == "#" ? .section(path, children) : .inverted(path, children))
                    case "/":
                        guard name == section, openedStandalone == (standalone != nil) else { return nil }
                        flushText()
                        return nodes
                    case "!":
                        break
                    case ">":
                        // An indented partial would need its lines indented: not in the subset.
                        guard standalone.map({ $0.lineStart == tagStart }) ?? true, Self.isPartialName(name) else { return nil }
                        flushText()
                        nodes.append(.partial(name))
                    default:
                        guard name == "CONTENT_TYPE:TEXT" else { return nil }
                    }
                default:
                    guard let path = Self.path(body.trimmingWhitespace) else { return nil }
                    flushText()
                    nodes.append(.variable(path))
                    position = tagEnd
                }
            }
            flushText()
            return section == nil ? nodes : nil
        }

        /// Where a standalone tag's line starts and where the text after its line begins, or `nil`
        /// when other text shares the line.
        private func standaloneRange(tagStart: Int, tagEnd: Int) -> (lineStart: Int, next: Int)? {
            var lineStart = tagStart
            while lineStart > 0, source[lineStart - 1] != Self.newline {
                guard Self.isBlank(source[lineStart - 1]) else { return nil }
                lineStart -= 1
            }
            var next = tagEnd
            while next < source.count, Self.isBlank(source[next]) { next += 1 }
            if next == source.count { return (lineStart, next) }
            if source[next] == Self.newline { return (lineStart, next + 1) }
            if source[next] == UInt8(ascii: "\r"), next + 1 < source.count, source[next + 1] == Self.newline { return (lineStart, next + 2) }
            return nil
        }

        /// A static partial's name: letters, digits and `_-./` (not `*name`, a dynamic partial).
        private static func isPartialName(_ name: String) -> Bool {
            !name.isEmpty && name.unicodeScalars.allSatisfy { scalar in
                "_-./".unicodeScalars.contains(scalar) || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
            }
        }

        private static func isBlank(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
        }

        /// `.` or dotted identifiers; `nil` for anything else (transforms, `{`, `&`, `=` …).
        private static func path(_ name: String) -> [String]? {
            if name == "." { return ["."] }
            let parts = name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            let isName = { (part: String) in
                !part.isEmpty && part.unicodeScalars.allSatisfy { $0 == "_" || $0 == "-" || ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) }
            }
            return parts.allSatisfy(isName) ? parts : nil
        }

        private func starts(with pattern: [UInt8], at index: Int) -> Bool {
            guard index + pattern.count <= source.count else { return false }
            for offset in pattern.indices where source[index + offset] != pattern[offset] { return false }
            return true
        }

        private func find(_ pattern: [UInt8], from index: Int) -> Int? {
            var index = index
            while index + pattern.count <= source.count {
                if starts(with: pattern, at: index) { return index }
                index += 1
            }
            return nil
        }
    }
}

private extension String {
    /// Without the spaces, tabs and line breaks Mustache allows around a tag's name.
    var trimmingWhitespace: String {
        var text = Substring(self)
        while let first = text.first, first == " " || first == "\t" || first.isNewline { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" || last.isNewline { text.removeLast() }
        return String(text)
    }
}
