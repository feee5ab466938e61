/// "Did you mean …" for a misspelt key or name.
enum Suggestion {
    /// The candidate closest to `word` when it is close enough to be a likely typo.
    static func closest(to word: String, in candidates: some Sequence<String>) -> String? {
        let lowered = word.lowercased()
        var best: (String, Int)?
        for candidate in candidates {
            let distance = editDistance(lowered, candidate.lowercased())
            let limit = max(1, min(3, candidate.count / 3))
            if distance <= limit, distance < (best?.1 ?? .max) { best = (candidate, distance) }
        }
        return best?.0
    }

    /// ` (did you mean 'x'?)` or an empty string.
    static func hint(for word: String, in candidates: some Sequence<String>) -> String {
        closest(to: word, in: candidates).map { "; did you mean '\($0)'?" } ?? ""
    }

    /// Levenshtein distance.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = previous
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
