/// "Did you mean …" for a misspelt key or name.
package enum Suggestion {
    /// Longer words get no suggestion: a typo search over them would cost more than it could help.
    static let longestWord = 100

    /// Candidate names prepared once, for many lookups (every unknown type of a large spec).
    struct Candidates: Sendable {
        fileprivate let names: [String]
        fileprivate let lowered: [[Unicode.Scalar]]

        /// The names in the order ties are decided in.
        init(_ names: some Sequence<String>) {
            self.names = Array(names)
            lowered = self.names.map { Array($0.lowercased().unicodeScalars) }
        }
    }

    /// The candidate closest to `word` when it is close enough to be a likely typo.
    static func closest(to word: String, in candidates: some Sequence<String>) -> String? {
        closest(to: word, in: Candidates(candidates))
    }

    /// The candidate closest to `word` when it is close enough to be a likely typo.
    static func closest(to word: String, in candidates: Candidates) -> String? {
        let lowered = Array(word.lowercased().unicodeScalars)
        guard lowered.count <= longestWord else { return nil }
        var best: (String, Int)?
        for (candidate, other) in zip(candidates.names, candidates.lowered) {
            let limit = min(max(1, min(3, other.count / 3)), (best?.1 ?? .max) - 1)
            // The length difference alone is a lower bound of the distance.
            guard abs(other.count - lowered.count) <= limit else { continue }
            if let distance = editDistance(lowered, other, atMost: limit) { best = (candidate, distance) }
        }
        return best?.0
    }

    /// `; did you mean 'x'?` or an empty string.
    package static func hint(for word: String, in candidates: some Sequence<String>) -> String {
        hint(for: word, in: Candidates(candidates))
    }

    /// `; did you mean 'x'?` or an empty string.
    static func hint(for word: String, in candidates: Candidates) -> String {
        closest(to: word, in: candidates).map { "; did you mean '\($0)'?" } ?? ""
    }

    /// Edit distance where a swap of two neighbours counts as one edit (optimal string alignment).
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a.unicodeScalars), b = Array(b.unicodeScalars)
        return editDistance(a, b, atMost: max(a.count, b.count)) ?? max(a.count, b.count)
    }

    /// The distance when it is at most `limit`, else `nil` (stopping as soon as every path exceeds it).
    /// Three rolling rows instead of a table.
    private static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], atMost limit: Int) -> Int? {
        if a.isEmpty { return b.count <= limit ? b.count : nil }
        if b.isEmpty { return a.count <= limit ? a.count : nil }
        let width = b.count + 1
        // Rows i-2, i-1 and i of the table, side by side in one buffer.
        var rows = [Int](repeating: 0, count: 3 * width)
        for j in 0...b.count { rows[width + j] = j }
        var (older, previous, current) = (0, width, 2 * width)
        for i in 1...a.count {
            rows[current] = i
            var rowMinimum = i
            for j in 1...b.count {
                var value = rows[previous + j] + 1
                let insertion = rows[current + j - 1] + 1
                if insertion < value { value = insertion }
                let substitution = rows[previous + j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                if substitution < value { value = substitution }
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1], rows[older + j - 2] + 1 < value {
                    value = rows[older + j - 2] + 1
                }
                rows[current + j] = value
                if value < rowMinimum { rowMinimum = value }
            }
            if rowMinimum > limit { return nil }
            (older, previous, current) = (previous, current, older)
        }
        let distance = rows[previous + b.count]
        return distance <= limit ? distance : nil
    }
}
