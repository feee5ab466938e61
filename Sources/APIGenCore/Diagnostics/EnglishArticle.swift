/// "a" or "an" before a name, as messages and doc comments say it: `an Order`, `an Int`, `a User`.
enum EnglishArticle {
    /// `name` after its indefinite article, "A"/"An" to start a sentence: "an" before A, E, I, O, and
    /// before a U read as a vowel (`an Update`, `an Unknown`); "a" otherwise (`a User`, `a URL`,
    /// `a UUID`, `a Double`).
    static func before(_ name: String, capitalized: Bool = false) -> String {
        let letters = Array(name.unicodeScalars.prefix(2))
        let vowel: Bool = switch letters.first {
        case "A", "E", "I", "O", "a", "e", "i", "o": true
        case "U", "u": letters.count > 1 && (letters[1] == "n" || letters[1] == "p")
        default: false
        }
        return (vowel ? (capitalized ? "An " : "an ") : (capitalized ? "A " : "a ")) + name
    }
}
