extension Set<String> {
    /// Inserts and returns the first of `make(nil)`, `make(2)`, `make(3)`… that the set does not
    /// hold: a name made unique by a number (`users.yaml`, `users-2.yaml`).
    mutating func insertFirstFree(_ make: (Int?) -> String) -> String {
        var candidate = make(nil)
        var number = 2
        while contains(candidate) {
            candidate = make(number)
            number += 1
        }
        insert(candidate)
        return candidate
    }
}
