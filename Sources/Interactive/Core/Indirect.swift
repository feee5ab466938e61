/// A value held by reference with copy-on-write semantics, so that a generated model can contain
/// itself (`Category.parent: Category?`), which a struct cannot do directly, and so that a model
/// holding other models stays one pointer wide for each of them.
///
/// It behaves as a value: copies share one box until one of them is changed, which then gets a box
/// of its own. Generated models use it for their private storage; apps rarely need it directly.
public struct Indirect<Value: Sendable>: Sendable {
    /// The box is only ever changed while uniquely referenced, that is while it is reachable from a
    /// single `Indirect` value owned by one isolation domain, so sharing it is safe.
    private final class Box: @unchecked Sendable {
        var value: Value

        init(_ value: Value) {
            self.value = value
        }
    }

    private var box: Box

    /// Holds `value`.
    public init(_ value: Value) {
        box = Box(value)
    }

    /// The held value; changing it copies the box first when another value shares it, and changes
    /// it in place otherwise (`model.address.lines.append(line)` does not copy the lines).
    public var value: Value {
        get { box.value }
        _modify {
            if !isKnownUniquelyReferenced(&box) { box = Box(box.value) }
            yield &box.value
        }
    }
}

extension Indirect: Equatable where Value: Equatable {
    /// Whether the held values are equal.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.box === rhs.box || lhs.value == rhs.value
    }
}

extension Indirect: Hashable where Value: Hashable {
    /// Hashes the held value.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(value)
    }
}

extension Indirect: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The held value's description: a model holding another prints that model, not its box.
    public var description: String { String(describing: value) }

    /// The held value's debug description.
    public var debugDescription: String { String(reflecting: value) }

    /// The held value's mirror, so that `dump` and debuggers show the value in the box's place.
    public var customMirror: Mirror { Mirror(reflecting: value) }
}
