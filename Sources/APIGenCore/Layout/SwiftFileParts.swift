/// A generated Swift file taken apart so several can be joined into one: its leading comment lines
/// (the header), its import lines and the rest.
struct SwiftFileParts: Sendable {
    var header: [Substring]
    var imports: [Substring]
    var body: Substring

    /// Splits a rendered file: `//` lines at the top, then `import` lines (blank lines between them
    /// skipped), then everything else.
    ///
    /// Lines are found on the UTF-8 bytes (a line break is one byte, and always ends a character),
    /// not `Character` by `Character`, which cost more than the rest of joining the files.
    init(_ text: String) {
        var header: [Substring] = []
        var imports: [Substring] = []
        let utf8 = text.utf8
        var lineStart = utf8.startIndex
        var readingHeader = true
        while lineStart < utf8.endIndex {
            let lineEnd = utf8[lineStart...].firstIndex(of: UInt8(ascii: "\n")) ?? utf8.endIndex
            let contentStart = utf8[lineStart..<lineEnd].firstIndex { $0 != UInt8(ascii: " ") } ?? lineEnd
            let trimmed = text[contentStart..<lineEnd]
            if readingHeader, trimmed.utf8.starts(with: "//".utf8) {
                header.append(text[lineStart..<lineEnd])
            } else if trimmed.isEmpty {
                readingHeader = false
            } else if ImportLine(trimmed) != nil {
                readingHeader = false
                imports.append(trimmed)
            } else {
                break
            }
            lineStart = lineEnd < utf8.endIndex ? utf8.index(after: lineEnd) : lineEnd
        }
        self.header = header
        self.imports = imports
        self.body = text[lineStart...]
    }
}

/// An `import` line: the module and the access level written before it.
struct ImportLine: Sendable, Hashable {
    var module: String
    /// `public`, `package`, `internal`, … or empty for a bare `import`.
    var access: String

    init?<Text: StringProtocol>(_ line: Text) {
        // Only a line that starts with `import` or an access level can be one; any other (the first
        // line of a file's code, a long doc comment) is not split into words.
        let space = UInt8(ascii: " ")
        let firstWord = line.utf8.drop { $0 == space }.prefix { $0 != space }
        guard Self.firstWords.contains(where: { $0.utf8.elementsEqual(firstWord) }) else { return nil }
        let words = line.split(separator: " ")
        switch words.count {
        case 2 where words[0] == "import":
            access = ""
            module = String(words[1])
        case 3 where words[1] == "import" && Self.ranks[String(words[0])] != nil:
            access = String(words[0])
            module = String(words[2])
        default:
            return nil
        }
    }

    init(module: String, access: String) {
        self.module = module
        self.access = access
    }

    var text: String { access.isEmpty ? "import \(module)" : "\(access) import \(module)" }

    /// How much an import exposes: a module imported with two levels in files joined into one keeps
    /// the wider (a bare `import` sits between `internal` and `package`, as it stands for "not
    /// lowered" in Swift 6).
    static let ranks = ["private": 0, "fileprivate": 1, "internal": 2, "": 3, "package": 4, "public": 5]

    /// The words an import line can start with.
    private static let firstWords = ["import"] + ranks.keys.filter { !$0.isEmpty }.sorted()

    /// The import lines of several files as one list: each module once, at the widest level, in the
    /// order modules first appear.
    static func merged(_ lines: [Substring]) -> [String] {
        var order: [String] = []
        var widest: [String: ImportLine] = [:]
        for line in lines {
            guard let parsed = ImportLine(line) else { continue }
            if let known = widest[parsed.module] {
                if (ranks[parsed.access] ?? 0) > (ranks[known.access] ?? 0) { widest[parsed.module] = parsed }
            } else {
                order.append(parsed.module)
                widest[parsed.module] = parsed
            }
        }
        return order.compactMap { widest[$0]?.text }
    }
}
