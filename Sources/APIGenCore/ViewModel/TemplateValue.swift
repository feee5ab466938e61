/// A template's input: named values whose texts are already escaped, cased and split, so templates
/// only lay them out. Keys are documented in each template's header comment.
///
/// Written like a dictionary, kept as pairs in the order written: a view model holds a few to a few
/// dozen short names, and comparing them costs less than hashing them, which building and looking up
/// a `Dictionary` did for every name of every file.
struct ViewModel: Sendable, ExpressibleByDictionaryLiteral {
    /// (name, value) pairs, kept as the literal wrote them: no second array per view model.
    private var entries: [(String, TemplateValue)]

    init(dictionaryLiteral elements: (String, TemplateValue)...) {
        entries = elements
    }

    /// The value of a name; setting `nil` removes it.
    subscript(name: String) -> TemplateValue? {
        get {
            // Names of another length are passed over without a string comparison, which for two
            // different strings takes the standard library's slow path.
            let length = name.utf8.count
            for index in entries.indices where entries[index].0.utf8.count == length && entries[index].0 == name {
                return entries[index].1
            }
            return nil
        }
        set {
            if let index = entries.firstIndex(where: { $0.0 == name }) {
                if let newValue { entries[index].1 = newValue } else { entries.remove(at: index) }
            } else if let newValue {
                entries.append((name, newValue))
            }
        }
    }

    /// Puts `pairs` first, replacing any entries of the same names: for names that every template
    /// of a run looks up often (`access`), which are then found at once instead of after all others.
    mutating func prepend(_ pairs: [(String, TemplateValue)]) {
        let isReplaced = { (entry: (String, TemplateValue)) in
            let length = entry.0.utf8.count
            return pairs.contains { $0.0.utf8.count == length && $0.0 == entry.0 }
        }
        // Searched first: removing nothing still cost `removeAll` a pass that moves every entry.
        if entries.contains(where: isReplaced) { entries.removeAll(where: isReplaced) }
        entries.insert(contentsOf: pairs, at: 0)
    }

    /// The names and values, in the order they were written.
    var pairs: [(name: String, value: TemplateValue)] { entries.map { (name: $0.0, value: $0.1) } }
}

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
    var mustacheValue: [String: Any] {
        Dictionary(entries.map { ($0.0, $0.1.mustacheValue) }, uniquingKeysWith: { _, last in last })
    }
}
