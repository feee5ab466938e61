import Foundation
import Mustache

/// swift-mustache's parse of a template set, made the first time a job needs it: with the embedded
/// defaults the fast renderer renders everything, so most runs never parse the templates twice.
final class MustacheFallback: @unchecked Sendable {
    private let texts: [(name: String, text: String)]
    private let lock = NSLock()
    /// Guarded by `lock`.
    private var parsed: MustacheLibrary?

    /// `parsed` when the templates were already parsed (and checked) up front.
    init(texts: [(name: String, text: String)], parsed: MustacheLibrary?) {
        self.texts = texts
        self.parsed = parsed
    }

    /// The parsed templates. A template that does not parse is left out: only the embedded defaults,
    /// which parse, come here unchecked.
    var library: MustacheLibrary {
        lock.lock()
        defer { lock.unlock() }
        if let parsed { return parsed }
        var library = MustacheLibrary()
        for (name, text) in texts {
            if let template = try? MustacheTemplate(string: text) { library.register(template, named: name) }
        }
        parsed = library
        return library
    }
}
