import Foundation
import RuntimeTestSupport
import Testing
@testable import APIGenCore

/// `CommonYAMLReader` reads the YAML specs are written in without LibYAML, and must give exactly
/// the tree LibYAML's events compose into — every node's kind, text, quoting, line and column,
/// and every duplicate-key report — or leave the text to LibYAML.
@Suite struct CommonYAMLReaderTests {
    /// What the common reader made of a text, beside LibYAML.
    enum Outcome: Equatable {
        /// Read by the common reader, with the same tree and reports as LibYAML's.
        case read
        /// Left to LibYAML.
        case left
        /// Read by the common reader differently from LibYAML (or where LibYAML fails).
        case differs(common: String, libYAML: String)
    }

    static func outcome(_ text: String) -> Outcome {
        var bytes = text
        guard let (root, diagnostics) = bytes.withUTF8({ CommonYAMLReader.read($0, file: "spec.yaml") }) else { return .left }
        var libYAMLDiagnostics = Diagnostics()
        let libYAMLRoot = YAMLLoader.loadWithLibYAML(text, file: "spec.yaml", diagnostics: &libYAMLDiagnostics)
        let common = describe(root) + describe(diagnostics)
        let libYAML = (libYAMLRoot.map(describe) ?? "no tree") + describe(libYAMLDiagnostics)
        return common == libYAML ? .read : .differs(common: common, libYAML: libYAML)
    }

    /// Every fact of a tree, one node per line.
    static func describe(_ node: YAMLNode) -> String {
        var lines: [String] = []
        func visit(_ node: YAMLNode, _ level: Int) {
            let place = "\(String(repeating: " ", count: level))@\(node.location.line):\(node.location.column) "
            switch node.kind {
            case .scalar(let text, let isQuoted):
                lines.append(place + (isQuoted ? "quoted " : "plain ") + String(reflecting: text))
            case .sequence(let elements):
                lines.append(place + "sequence")
                for element in elements { visit(element, level + 1) }
            case .mapping(let pairs):
                lines.append(place + "mapping")
                for pair in pairs {
                    visit(pair.key, level + 1)
                    visit(pair.value, level + 2)
                }
            }
        }
        visit(node, 0)
        return lines.joined(separator: "\n") + "\n"
    }

    static func describe(_ diagnostics: Diagnostics) -> String {
        diagnostics.all.map { "\($0.location): \($0.message)\n" }.joined()
    }

    func expectRead(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let outcome = Self.outcome(text)
        #expect(outcome == .read, "\(text)", sourceLocation: sourceLocation)
    }

    func expectLeft(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let outcome = Self.outcome(text)
        #expect(outcome == .left, "\(text)", sourceLocation: sourceLocation)
    }

    @Test func blockCollectionsAtEveryIndentation() {
        expectRead("a: 1\nb: two words\n")
        expectRead("a:\n  b:\n    c: 1\n  d: 2\ne: 3")
        expectRead("list:\n  - one\n  - two\nafter: x\n")
        expectRead("list:\n- one\n- two\nafter: x\n")  // a sequence at its key's indentation
        expectRead("- a: 1\n  b: 2\n- c: 3\n-   d: 4\n    e: 5\n")
        expectRead("- a:\n  - x\n- b:\n- c\n")
        expectRead("-\n  a: 1\n-\n- last\n")
        expectRead("  indented: root\n  second: 2\n")
        expectRead("a:\nb: 2\nc:")
        expectRead("- \n-  \n- x")
        expectRead("a:   \n  b: 1   \n")
        expectRead("ключ:\né: -é\nlist:\n- 'é':\n  - é: x\n  ü:\n")
    }

    @Test func commentsAndBlankLines() {
        expectRead("# header\n\na: 1 # after\n   # indented comment\n\nb:  # before a collection\n  c: x#not a comment\n#last")
        expectRead("- x # one\n-   # empty\n- 'q' # after quotes\n- {a: 1} # after flow\n")
    }

    @Test func scalarsAsTheyAreWritten() {
        expectRead("a: -1\nb: http://example.com/x?y=1#frag\nc: a:b\nd: 'it''s'\ne: \"\"\nf: ''\ng: a - b, [c] {d}\n")
        expectRead("\"quoted key\": 1\n'single key' : 2\nplain key   : 3\n<<: {merged: 1}\n")
        expectRead(#"e: "tab\t nl\n quote\" slash\/ back\\ bell\a nul\0 esc\e \x41\u00e9\U0001F600 \N\_\L\P end ""# + "\n")
        expectRead("unicode: héllo wörld ✓ 😀\nключ: значение\n\"ключ 2\": 'ü' # ü\n")
        expectRead("a: ~\nb: null\nc: true\nd: 1.5e3\ne: 0x1F\n")
    }

    @Test func flowCollectionsOnOneLine() {
        expectRead("headers: { X-Client: bench, \"q\": 'v' }\nsuccess: [0, 1, [2, 3], {a: b}]\nempty: {}\nnone: []\n")
        expectRead("a: {\"k\":v}\nb: [ spaced , items ]\n")
        expectRead("- [a, b]\n- {c: d}\n- [-1, -x, a-b]\n")
        // Columns on a long line that is not ASCII are counted once, not once per node.
        expectRead("é: [" + Array(repeating: "é", count: 5_000).joined(separator: ", ") + "]\n")
    }

    @Test func duplicateKeysAreReportedAsLibYAMLsComposerReportsThem() {
        expectRead("a: 1\nb: 2\na: 3\n")
        expectRead("m: {x: 1, x: 2}\n")
        expectRead("base: {a: 1}\nuse:\n  <<: {a: 2, b: 3}\n  b: 4\n")
        expectRead("<<: 1\n")
    }

    @Test func everythingElseIsLeftToLibYAML() {
        for text in [
            "", "# only a comment\n", "scalar\n", "---\na: 1\n", "a: 1\n...\n", "%YAML 1.2\n---\na: 1\n",
            "a: &x 1\nb: *x\n", "a: !!str 1\n", "a: |\n  text\n", "a: >\n  text\n", "? a\n: b\n",
            "a: multi\n  line\n", "a: \"multi\n  line\"\n", "a: [1,\n  2]\n", "a:\n  plain on next line\n",
            "a:\tb\n", "a: b\r\n", "\u{FEFF}a: 1\n", "a: b\u{85}c\n", "a: b\u{2028}\n", "a: \u{7F}\n",
            "a: b: c\n", "a: b\n - c\n", "a: 1\n  b: 2\n", "- - x\n", "a: - x\n", "a: {b}\n", "a: [b: c]\n",
            "a: [1, ]\n", "a: {b: }\n", "a: {b:c}\n", "a: \"x\"#c\n", "a: \"\\q\"\n", "a: \"\\uD800\"\n",
            "a: @x\n", "a: `x`\n", "a: %x\n", "a: ?x\n", "a: :x\n", "a: [- x]\n", "a: [x #c]\n",
            String(repeating: "k", count: 1_100) + ": long key\n",
            String(repeating: "- ", count: 101) + "deep\n",
        ] {
            expectLeft(text)
        }
    }

    /// Every ASCII byte at every place of an eight-byte word, and the non-ASCII characters LibYAML
    /// treats apart: what is taken, what is left.
    @Test func charactersAreTakenOrLeftWhereverTheyStand() {
        func taken(_ bytes: [UInt8]) -> Bool? { bytes.withUnsafeBufferPointer { CommonYAMLReader.charactersAreRead(in: $0) } }
        for byte in UInt8(0)..<0x80 {
            let printable = byte == 0x0A || (0x20..<0x7F).contains(byte)
            for offset in 0..<20 {
                var bytes = Array("key: some value text".utf8)
                bytes[offset] = byte
                #expect(taken(bytes) == (printable ? true : nil), "byte \(byte) at \(offset)")
            }
        }
        for (scalar, isTaken) in [("é", true), ("\u{A0}", true), ("😀", true), ("\u{FFFD}", true), ("\u{85}", false), ("\u{9F}", false),
                                  ("\u{80}", false), ("\u{2028}", false), ("\u{2029}", false), ("\u{FEFF}", false), ("\u{FFFE}", false), ("\u{FFFF}", false)] {
            let bytes = Array("key: some \(scalar) value text".utf8)
            #expect(taken(bytes) == (isTaken ? false : nil), "\(scalar.unicodeScalars.map { $0.value })")
        }
    }

    @Test func nestingUpToTheComposersLimitIsRead() {
        var text = ""
        for level in 0..<YAMLComposer.nestingLimit { text += String(repeating: " ", count: level) + "k:\n" }
        expectRead(text)
        expectLeft(text + String(repeating: " ", count: YAMLComposer.nestingLimit) + "k: v\n")
    }

    /// The repository's own YAML: its specs, configuration and OpenAPI fixtures.
    static let corpus: [(path: String, text: String)] = {
        let folders = ["Specs", "Benchmarks", "Tests"]
        var files: [(String, String)] = []
        for folder in folders {
            let root = Repository.root.appendingPathComponent(folder)
            guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { continue }
            for case let url as URL in walker where ["yaml", "yml"].contains(url.pathExtension) && !url.path.contains("/.") {
                if let text = try? String(contentsOf: url, encoding: .utf8) { files.append((url.path, text)) }
            }
        }
        return files.sorted { $0.0 < $1.0 }
    }()

    @Test func theRepositorysYAMLIsReadAsLibYAMLReadsIt() {
        #expect(Self.corpus.count >= 5)
        for (path, text) in Self.corpus {
            let outcome = Self.outcome(text)
            #expect(outcome == .read, "\(path)")
        }
    }

    /// Mutations of the corpus a character or a line at a time, the way hand edits and fuzzers
    /// damage specs: every text the common reader reads must read as LibYAML reads it.
    @Test func mutatedSpecsReadAsLibYAMLReadsThemOrAreLeftToIt() {
        var random = SplitMix64(seed: 0x5EED_1A4C)
        var read = 0, left = 0
        let pieces = [" ", "  ", "\n", "- ", "-", ": ", ":", "#", " #", "\"", "'", "{", "}", "[", "]", ",", "&a ", "*a", "!", "|", ">",
                      "?", "%", "@", "\t", "\r", "\\", "\\n", "\\u00e9", "\\x4", "é", "😀", "---", "...", "''", "x", "1", "\u{85}",
                      "\u{2028}", "\u{FEFF}", "<<: ", "{a: 1}", "[1, 2]", "\"a\\\"b\"", "'it''s'"]
        for _ in 0..<3_000 {
            var window = Self.window(random: &random)
            for _ in 0..<(1 + Int(random.next() % 3)) {
                Self.mutate(&window, with: pieces, random: &random)
            }
            let text = window.joined(separator: "\n")
            switch Self.outcome(text) {
            case .read: read += 1
            case .left: left += 1
            case .differs(let common, let libYAML):
                Issue.record("read differently:\n\(text)\n--- common reader:\n\(common)--- LibYAML:\n\(libYAML)")
            }
        }
        // Both readers are exercised: neither outcome may be rare.
        #expect(read > 600, "read \(read), left \(left)")
        #expect(left > 600, "read \(read), left \(left)")
    }

    /// A few top-level entries of a corpus file: lines from one that starts at column 0 to before
    /// a later one.
    static func window(random: inout SplitMix64) -> [String] {
        let text = corpus[Int(random.next() % UInt64(corpus.count))].text
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let starts = lines.indices.filter { lines[$0].first.map { $0 != " " && $0 != "#" } ?? false } + [lines.count]
        guard starts.count > 1 else { return lines }
        let first = Int(random.next() % UInt64(starts.count - 1))
        let last = min(starts.count - 1, first + 1 + Int(random.next() % 3))
        return Array(lines[starts[first]..<starts[last]])
    }

    static func mutate(_ lines: inout [String], with pieces: [String], random: inout SplitMix64) {
        guard !lines.isEmpty else { return }
        let row = Int(random.next() % UInt64(lines.count))
        var scalars = Array(lines[row].unicodeScalars)
        let at = Int(random.next() % UInt64(scalars.count + 1))
        switch random.next() % 6 {
        case 0, 1:
            scalars.insert(contentsOf: pieces[Int(random.next() % UInt64(pieces.count))].unicodeScalars, at: at)
        case 2:
            scalars.removeSubrange(at..<min(scalars.count, at + 1 + Int(random.next() % 4)))
        case 3:
            let shift = Int(random.next() % 5)
            if random.next() % 2 == 0 {
                scalars.insert(contentsOf: repeatElement(" ", count: shift), at: 0)
            } else {
                scalars.removeFirst(min(shift, scalars.prefix { $0 == " " }.count))
            }
        case 4:
            lines.insert(lines[Int(random.next() % UInt64(lines.count))], at: row)
            return
        default:
            lines.swapAt(row, Int(random.next() % UInt64(lines.count)))
            return
        }
        var line = String.UnicodeScalarView()
        line.append(contentsOf: scalars)
        lines[row] = String(line)
    }
}
