/// Names met so far, each with the declaration that used it last, for reporting a name used twice
/// (a model's fields and JSON keys, an enum's cases).
///
/// The names are compared one by one while there are few (a model's fields, an enum's cases):
/// comparing a few dozen short strings costs less than hashing each of them twice, which a
/// dictionary did for every field of every model. Past ``linearLimit`` names they are hashed.
struct SeenNames {
    /// The most names compared one by one.
    static let linearLimit = 32

    private var names: [String] = []
    private var users: [String] = []
    private var table: [String: String]?

    init(capacity: Int) {
        if capacity > Self.linearLimit {
            table = Dictionary(minimumCapacity: capacity)
        } else {
            names.reserveCapacity(capacity)
            users.reserveCapacity(capacity)
        }
    }

    /// Notes that `user` uses `name`; returns the one that used it before (the latest), if any.
    mutating func note(_ name: String, usedBy user: String) -> String? {
        if table != nil { return table?.updateValue(user, forKey: name) }
        if let index = names.firstIndex(of: name) {
            defer { users[index] = user }
            return users[index]
        }
        if names.count == Self.linearLimit {
            var table = Dictionary(uniqueKeysWithValues: zip(names, users))
            table[name] = user
            self.table = table
            names = []
            users = []
            return nil
        }
        names.append(name)
        users.append(user)
        return nil
    }
}
