/// A generated Swift file taken apart so several can be joined into one: its leading comment lines
/// (the header), its import lines and the rest.
struct SwiftFileParts: Sendable {
    var header: [Substring]
    var imports: [Substring]
    var body: Substring

    /// Splits a rendered file: `//` lines at the top, then `import` lines (blank lines between them
    /// skipped), then everything else.
    init(_ text: String) {
        var header: [Substring] = []
        var imports: [Substring] = []
        var rest = Substring(text)
        var readingHeader = true
        while !rest.isEmpty {
            let end = rest.firstIndex(of: "\n") ?? rest.endIndex
            let line = rest[..<end]
            let trimmed = line.drop { $0 == " " }
            if readingHeader, trimmed.hasPrefix("//") {
                header.append(line)
            } else if trimmed.isEmpty {
                readingHeader = false
            } else if ImportLine(trimmed) != nil {
                readingHeader = false
                imports.append(trimmed)
            } else {
                break
            }
            rest = end < rest.endIndex ? rest[rest.index(after: end)...] : rest[end...]
        }
        self.header = header
        self.imports = imports
        self.body = rest
    }
}

/// An `import` line: the module and the access level written before it.
struct ImportLine: Sendable, Hashable {
    var module: String
    /// `public`, `package`, `internal`, … or empty for a bare `import`.
    var access: String

    init?<Text: StringProtocol>(_ line: Text) {
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
