import Testing
@testable import APIGenCore

/// Doc comments ("An Order value.") and mock messages ("must be an Int") pick the article by sound.
@Suite struct EnglishArticleTests {
    @Test func articlesFollowTheSound() {
        #expect(EnglishArticle.before("Order", capitalized: true) == "An Order")
        #expect(EnglishArticle.before("Int") == "an Int")
        #expect(EnglishArticle.before("Int64") == "an Int64")
        #expect(EnglishArticle.before("Update") == "an Update")
        #expect(EnglishArticle.before("User", capitalized: true) == "A User")
        #expect(EnglishArticle.before("URL") == "a URL")
        #expect(EnglishArticle.before("UUID") == "a UUID")
        #expect(EnglishArticle.before("Double") == "a Double")
        #expect(EnglishArticle.before("") == "a ")
    }

    @Test func aModelWithoutDescriptionGetsTheRightArticle() throws {
        let files = try SpecHarness.generate(["spec.yaml": SpecHarness.base + "models:\n  Order:\n    fields:\n      id: Int\n"])
        #expect(try #require(files["Shop/Models/Order.swift"]).contains("/// An Order value.\n"))
    }
}
