import APIGenCore
@testable import APIGenDocs
import Foundation
import Testing

/// The HTML reference's pages, built from the repository's specs and from hostile ones.
@Suite struct ReferenceSiteTests {
    static func specsDescription() throws -> SpecDescription {
        let (outcome, description) = Generator.describe(specs: Repository.root.appendingPathComponent("Specs"))
        guard let description else { throw ReferenceFailure.specs(outcome.diagnostics.map(\.description)) }
        return description
    }

    static func pages(_ yaml: String) throws -> [String: String] {
        let (outcome, description) = Generator.describe(texts: [.init(path: "spec.yaml", text: yaml)])
        guard let description else { throw ReferenceFailure.specs(outcome.diagnostics.map(\.description)) }
        return ReferenceSite.pages(for: description)
    }

    @Test func theIndexListsEveryApiOfTheSpecsWithItsMethodPathAndSummary() throws {
        let description = try Self.specsDescription()
        let pages = ReferenceSite.pages(for: description)
        let index = try #require(pages["index.html"])
        var count = 0
        for service in description.services {
            #expect(index.contains(">\(service.name)</a></h2>"))
            for api in service.apis {
                count += 1
                let page = "apis/\(service.name)/\(api.swiftName).html"
                #expect(pages[page] != nil, "no page \(page)")
                #expect(index.contains("<a href=\"\(page)\">\(api.name)</a>"), "\(api.name) is not linked from the index")
                #expect(index.contains("<code>\(api.path)</code>"))
            }
        }
        #expect(count > 50)
        #expect(index.contains("<a href=\"apis/Shop/ItemDetail.html\">ItemQuery</a><span class=\"badge deprecated\" title=\"Use ItemQueryV2\">deprecated</span>"))
        #expect(index.contains("<th scope=\"row\"><a href=\"apis/Shop/Login.html\">Login</a></th><td><span class=\"method\">POST</span></td><td><code>/login</code></td><td>Log in with name and password.</td>"))
    }

    @Test func anApiPageShowsItsParamsBodyResponsesEnvelopeAndMock() throws {
        let pages = ReferenceSite.pages(for: try Self.specsDescription())
        let item = try #require(pages["apis/Shop/ItemDetail.html"])
        #expect(item.contains("<th scope=\"row\"><code>itemId</code></th><td>path</td><td><code>itemId</code></td><td><code>Int64</code></td><td><span class=\"required\">yes</span></td>"))
        #expect(item.contains("<th scope=\"row\"><code>traceId</code></th><td>header</td><td><code>X-Trace-Id</code></td><td><code>String?</code></td><td><span class=\"muted\">no</span></td>"))
        #expect(item.contains("A JSON value of type <code><a href=\"../../models/Shop/Item.html\">Item</a></code>."))
        #expect(item.contains("<p class=\"notice\"><strong>Deprecated:</strong> Use ItemQueryV2</p>"))
        #expect(item.contains("<pre><code class=\"mock\">{\n  &quot;id&quot;: 1,\n  &quot;title&quot;: &quot;Mock item&quot;,\n  &quot;price&quot;: 9.99,\n  &quot;tags&quot;: [\n    &quot;demo&quot;\n  ],"))
        #expect(item.contains("<dt>cache</dt><dd>ttl 300 s</dd>"))
        #expect(item.contains("<dt>Swift</dt><dd><code>ItemDetailApi</code></dd>"))

        let login = try #require(pages["apis/Shop/Login.html"])
        #expect(login.contains("<span class=\"badge\">secret</span> never logged"))
        #expect(login.contains("A form (<code>application/x-www-form-urlencoded</code>) of the body params: <code>name</code>, <code>password</code>."))
        #expect(login.contains("<dt>Success codes</dt><dd><code>100</code></dd>"))
        #expect(login.contains("<dt>Session expired</dt><dd><code>401</code>"))

        let cancel = try #require(pages["apis/Shop/OrderCancel.html"])
        #expect(cancel.contains("<pre><code>{\n  &quot;code&quot;: 100,\n  &quot;message&quot;: &quot;…&quot;,\n  &quot;result&quot;: Bool\n}</code></pre>"))
        #expect(cancel.contains("<p>The result; an answer wraps it in the envelope under <code>result</code>.</p>\n<pre><code class=\"mock\">true</code></pre>"))
        #expect(cancel.contains("<th scope=\"row\"><code>409</code></th><td><span class=\"deprecated\">typed error</span></td><td>A JSON value of type <code><a href=\"../../models/Shop/OrderProblem.html\">OrderProblem</a></code>.</td><td>The order has shipped and can no longer be cancelled.</td>"))
    }

    @Test func modelPagesLinkTypesAndShowEnumValuesAndSumCases() throws {
        let pages = ReferenceSite.pages(for: try Self.specsDescription())
        let item = try #require(pages["models/Shop/Item.html"])
        #expect(item.contains("<td><code><a href=\"ItemStatus.html\">ItemStatus</a></code></td>"))
        #expect(item.contains("<td><code><a href=\"User.html\">User</a>?</code></td>"))
        let state = try #require(pages["models/Shop/OrderState.html"])
        #expect(state.contains("<th scope=\"row\"><code>9</code></th><td><code>cancelled</code></td>"))
        let sort = try #require(pages["models/Shop/ItemSort.html"])
        #expect(sort.contains("<th scope=\"row\"><code>&quot;-price&quot;</code></th><td><code>priceDescending</code></td><td>Dearest first.</td>"))
        let payment = try #require(pages["models/Shop/Payment.html"])
        #expect(payment.contains("Told apart by the key <code>kind</code>"))
        #expect(payment.contains("<td><code><a href=\"Card.html\">Card</a></code></td><td><code>&quot;Card&quot;</code></td>"))
        let service = try #require(pages["services/Shop.html"])
        #expect(service.contains("<th scope=\"row\">release<span class=\"badge\">default</span></th><td><code>https://api.example.com/api</code></td>"))
        #expect(service.contains("Dates are written as <code>iso8601</code>"))
    }

    @Test func everyLinkIsRelativeAndLeadsToAPage() throws {
        let pages = ReferenceSite.pages(for: try Self.specsDescription())
        let href = try Regex(#"href="([^"]*)""#)
        for (path, page) in pages {
            #expect(page.hasPrefix(ReferenceSite.marker + "\n<!DOCTYPE html>\n"), "\(path)")
            #expect(!page.contains("<script"), "\(path)")
            // Markup is never escaped as if it were text (an `HTML` value interpolated into a `String`).
            for escapedMarkup in ["APIGenDocs.HTML", "&lt;code&gt;", "&lt;li&gt;", "&lt;a href", "&lt;p&gt;", "&lt;span", "&lt;/"] {
                #expect(!page.contains(escapedMarkup), "\(path) shows markup as text: \(escapedMarkup)")
            }
            for match in page.matches(of: href) {
                let link = String(page[match.range]).dropFirst(6).dropLast()
                #expect(!link.hasPrefix("/") && !link.contains(":"), "\(path) links to \(link)")
                var parts = path.split(separator: "/").dropLast().map(String.init)
                for part in link.split(separator: "/") {
                    if part == ".." { _ = parts.popLast() } else { parts.append(String(part)) }
                }
                #expect(pages[parts.joined(separator: "/")] != nil, "\(path) links to \(link), which is no page")
            }
        }
    }

    @Test func theSameSpecsGiveTheSamePages() throws {
        #expect(ReferenceSite.pages(for: try Self.specsDescription()) == ReferenceSite.pages(for: try Self.specsDescription()))
    }

    @Test func specTextIsEscapedEverywhere() throws {
        let attack = "<script>alert(1)</script>"
        let pages = try Self.pages("""
            service: Shop
            description: "\(attack) service"
            environments:
              debug: http://127.0.0.1:8085/api
            defaults:
              headers: { X-Note: "<b>" }
            models:
              Mode:
                description: "\(attack) model"
                enum:
                  - { value: "\(attack)", name: scripted, description: "\(attack) case" }
              Thing:
                fields:
                  name: { type: String, description: "\(attack) field", default: "\(attack)" }
            apis:
              Ping:
                description: "\(attack) summary"
                deprecated: "\(attack) deprecated\\" onmouseover=\\"alert(2)"
                path: /ping
                query: { q: "\(attack)" }
                params:
                  mode: { type: Mode, in: query, description: "\(attack) param" }
                response:
                  fields:
                    text: { type: String, description: "\(attack) response field" }
                mock: { text: "</code></pre>\(attack)" }

            """)
        #expect(pages.count == 5)
        for (path, page) in pages {
            #expect(!page.contains("<script"), "\(path) has an unescaped script")
            #expect(!page.contains("<b>"), "\(path) has an unescaped tag")
        }
        let escaped = "&lt;script&gt;alert(1)&lt;/script&gt;"
        #expect(pages["index.html"]?.contains("\(escaped) summary") == true)
        #expect(pages["services/Shop.html"]?.contains("\(escaped) service") == true)
        #expect(pages["models/Shop/Mode.html"]?.contains("<code>&quot;\(escaped)&quot;</code>") == true)
        #expect(pages["models/Shop/Thing.html"]?.contains("\(escaped) field") == true)
        let api = try #require(pages["apis/Shop/Ping.html"])
        for text in ["summary", "param", "response field", "deprecated"] {
            #expect(api.contains("\(escaped) \(text)"), "\(text)")
        }
        #expect(api.contains("&lt;/code&gt;&lt;/pre&gt;\(escaped)"))
        // A quote cannot end the attribute the deprecation message is shown in.
        #expect(api.contains("title=\"\(escaped) deprecated&quot; onmouseover=&quot;alert(2)\">deprecated</span>"))
        #expect(pages["index.html"]?.contains("\" onmouseover") == false)
    }

    @Test func mocksArePrettyPrintedWithTheirStringsAsWritten() {
        #expect(JSONText.pretty(#"{"a":[1,{}],"b":"x,{\"y\":[]}","c":[],"d":{"e":null}}"#) == """
            {
              "a": [
                1,
                {}
              ],
              "b": "x,{\\"y\\":[]}",
              "c": [],
              "d": {
                "e": null
              }
            }
            """)
        #expect(JSONText.pretty("true") == "true")
    }

    enum ReferenceFailure: Error {
        case specs([String])
    }
}
