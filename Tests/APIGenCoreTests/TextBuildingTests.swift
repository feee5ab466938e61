import Testing
@testable import APIGenCore

/// The small builders view models and the resolver use instead of `+`, `Dictionary` and `Set`.
@Suite struct TextBuildingTests {
    @Test func concatenatingGivesWhatAddingGives() {
        let pieces: [[String]] = [
            [], [""], ["", ""], ["a"], ["field0", ": ", "Int"], ["short", "", "er"],
            [String(repeating: "long ", count: 40), "tail"], ["名称", ": ", "Café", "👩‍💻"], ["e", "\u{301}", "tat"],
        ]
        for parts in pieces {
            let expected = parts.reduce("", +)
            #expect(String.concatenating(parts) == expected)
            #expect(String.concatenating(parts).utf8.count == expected.utf8.count)
        }
        #expect(String.concatenating("Indirect<", "Model", ">?") == "Indirect<Model>?")
    }

    @Test func seenNamesReportTheLatestEarlierUser() {
        var names = SeenNames(capacity: 3)
        #expect(names.note("id", usedBy: "first") == nil)
        #expect(names.note("name", usedBy: "second") == nil)
        #expect(names.note("id", usedBy: "third") == "first")
        #expect(names.note("id", usedBy: "fourth") == "third")
        #expect(names.note("ID", usedBy: "fifth") == nil)
    }

    /// Past the names compared one by one, the names move to a table and keep their users.
    @Test(arguments: [0, 10, SeenNames.linearLimit - 1, SeenNames.linearLimit, SeenNames.linearLimit + 1, 200])
    func seenNamesKeepTheirUsersAtAnySize(_ count: Int) {
        var names = SeenNames(capacity: count < 50 ? 0 : count)
        for index in 0..<count {
            #expect(names.note("name\(index)", usedBy: "field\(index)") == nil)
        }
        for index in 0..<count {
            #expect(names.note("name\(index)", usedBy: "again\(index)") == "field\(index)")
        }
        #expect(names.note("new", usedBy: "last") == nil)
        #expect(names.note("new", usedBy: "after") == "last")
    }

    @Test func settingsComeFirstAndReplaceAViewModelsOwnEntry() {
        var model: ViewModel = ["name": "Login", "access": "internal", "docLines": ["a"]]
        model.prepend([("access", "public"), ("importAccess", "public ")])
        #expect(model.pairs.map(\.name) == ["access", "importAccess", "name", "docLines"])
        if case .text(let access)? = model["access"] { #expect(access == "public") } else { Issue.record("no access") }
        var plain: ViewModel = ["name": "Login"]
        plain.prepend([("access", "public")])
        #expect(plain.pairs.map(\.name) == ["access", "name"])
    }
}
