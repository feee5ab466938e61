import APIGenCore
import Foundation

/// JSON text as the reference shows it.
enum JSONText {
    /// Compact JSON (a mock as the generator keeps it) laid out with two-space indents. Strings are
    /// kept exactly as written; empty objects and arrays stay `{}` and `[]`.
    static func pretty(_ json: String) -> String {
        let characters = Array(json)
        var result = ""
        var depth = 0
        var inString = false
        var escaped = false
        var index = 0
        func newline() { result += "\n" + String(repeating: "  ", count: depth) }
        while index < characters.count {
            let character = characters[index]
            index += 1
            if inString {
                result.append(character)
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { inString = false }
                continue
            }
            switch character {
            case "\"":
                inString = true
                result.append(character)
            case "{", "[":
                let closing: Character = character == "{" ? "}" : "]"
                var next = index
                while next < characters.count, characters[next].isWhitespace { next += 1 }
                if next < characters.count, characters[next] == closing {
                    result += String(character) + String(closing)
                    index = next + 1
                } else {
                    result.append(character)
                    depth += 1
                    newline()
                }
            case "}", "]":
                depth = max(0, depth - 1)
                newline()
                result.append(character)
            case ",":
                result.append(character)
                newline()
            case ":":
                result += ": "
            case _ where character.isWhitespace:
                continue
            default:
                result.append(character)
            }
        }
        return result
    }

}
