/// "a" or "an" before a name, as messages and doc comments say it: `an Order`, `an Int`, `a User`.
enum EnglishArticle {
    /// `name` after its indefinite article: "an" before a vowel letter (`an Int`, `an UUID`, as the
    /// letters are read out), "a" otherwise; "A"/"An" to start a sentence.
    static func before(_ name: String, capitalized: Bool = false) -> String {
        let vowel = name.unicodeScalars.first.map { "AEIOUaeiou".unicodeScalars.contains($0) } ?? false
        return (vowel ? (capitalized ? "An " : "an ") : (capitalized ? "A " : "a ")) + name
    }
}
