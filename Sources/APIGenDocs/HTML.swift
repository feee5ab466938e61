/// A piece of HTML. Text interpolated into it is escaped unless it is itself ``HTML``, so spec text
/// can only ever appear as text: `HTML("<td>\(name)</td>")`.
struct HTML: ExpressibleByStringInterpolation, Sendable, Hashable {
    /// The markup.
    var markup: String

    init(markup: String) {
        self.markup = markup
    }

    init(stringLiteral value: String) {
        markup = value
    }

    init(stringInterpolation: Interpolation) {
        markup = stringInterpolation.markup
    }

    /// Escapes text for an element's content or a quoted attribute value.
    static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text.unicodeScalars {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.unicodeScalars.append(character)
            }
        }
        return result
    }

    /// Joins pieces of HTML.
    static func join(_ pieces: [HTML], separator: HTML = "") -> HTML {
        HTML(markup: pieces.map(\.markup).joined(separator: separator.markup))
    }

    /// The markup of an interpolated HTML literal: literals as written, strings escaped.
    struct Interpolation: StringInterpolationProtocol, Sendable {
        var markup = ""

        init(literalCapacity: Int, interpolationCount: Int) {
            markup.reserveCapacity(literalCapacity + interpolationCount * 16)
        }

        mutating func appendLiteral(_ literal: String) {
            markup += literal
        }

        mutating func appendInterpolation(_ text: String) {
            markup += HTML.escape(text)
        }

        mutating func appendInterpolation(_ html: HTML) {
            markup += html.markup
        }

        mutating func appendInterpolation(_ pieces: [HTML]) {
            for piece in pieces { markup += piece.markup }
        }
    }
}
