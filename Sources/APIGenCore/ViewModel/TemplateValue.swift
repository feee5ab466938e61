/// A template's input: a flat dictionary whose names and texts are already escaped, cased and split,
/// so templates only lay them out. Keys are documented in each template's header comment.
typealias ViewModel = [String: TemplateValue]

/// A view-model value, in the shapes Mustache tells apart: text, a flag, a list, or a nested view
/// model. Typed, so that rendering looks names up without a dynamic cast.
enum TemplateValue: Sendable {
    case text(String)
    case bool(Bool)
    case list([TemplateValue])
    case object(ViewModel)

    /// A list of texts, such as doc-comment lines.
    static func texts(_ texts: [String]) -> TemplateValue {
        .list(texts.map(TemplateValue.text))
    }

    /// A list of view models, such as a struct's fields.
    static func objects(_ objects: [ViewModel]) -> TemplateValue {
        .list(objects.map(TemplateValue.object))
    }

    /// The text, or `false` (which templates test with a section) when there is none.
    static func text(or absent: String?) -> TemplateValue {
        absent.map(TemplateValue.text) ?? .bool(false)
    }

    /// The value as swift-mustache takes it (`[String: Any]` objects, `[Any]` lists).
    var mustacheValue: Any {
        switch self {
        case .text(let text): text
        case .bool(let flag): flag
        case .list(let items): items.map(\.mustacheValue)
        case .object(let object): object.mustacheValue
        }
    }
}

extension TemplateValue: ExpressibleByStringInterpolation, ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral {
    init(stringLiteral value: String) {
        self = .text(value)
    }

    init(booleanLiteral value: Bool) {
        self = .bool(value)
    }

    init(arrayLiteral elements: TemplateValue...) {
        self = .list(elements)
    }
}

extension ViewModel {
    /// The view model as swift-mustache takes it.
    var mustacheValue: [String: Any] { mapValues(\.mustacheValue) }
}
