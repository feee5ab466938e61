import APIGenCore
import APIGenDocs
import Foundation
import RuntimeTestSupport
import Testing

/// The reference pages `apigen docs Specs/` writes, as a real browser reads them: headless Chromium
/// (Debian's `chromium-headless-shell`, installed by `scripts/chromium.sh` when missing) loads each
/// file and dumps the DOM it built.
@Suite struct ReferenceBrowserTests {
    @Test func chromiumShowsEveryApiInTheIndexAndParamsAndMockOnAnApiPage() async throws {
        guard let chromium = try await Self.chromium() else { return }
        let folder = try TemporaryFolder()
        let docs = try await ProcessResult.run(Repository.apigen, ["docs", Repository.root.appendingPathComponent("Specs").path, "-o", folder.folder("site").path])
        #expect(docs.status == 0, "\(docs.errorOutput)")

        let index = try await Self.dumpDOM(chromium, folder.folder("site/index.html"))
        let description = try ReferenceSiteTests.specsDescription()
        for service in description.services {
            for api in service.apis {
                // What the browser parsed: the link, the method and the path in one row of the table.
                #expect(index.contains("<th scope=\"row\"><a href=\"apis/\(service.name)/\(api.swiftName).html\">\(api.name)</a>"), "\(api.name) is not in the index the browser shows")
                #expect(index.contains("<span class=\"method\">\(api.method)</span></td><td><code>\(api.path)</code></td>"), "\(api.method) \(api.path)")
            }
        }

        let item = try await Self.dumpDOM(chromium, folder.folder("site/apis/Shop/ItemDetail.html"))
        #expect(item.contains("<h1>ItemQuery<span class=\"badge deprecated\" title=\"Use ItemQueryV2\">deprecated</span></h1>"))
        #expect(item.contains("<th scope=\"row\"><code>itemId</code></th><td>path</td>"))
        #expect(item.contains("<th scope=\"row\"><code>fields</code></th><td>query</td>"))
        #expect(item.contains("<th scope=\"row\"><code>traceId</code></th><td>header</td><td><code>X-Trace-Id</code></td>"))
        // The browser serialises text with `"` as it is: the mock is shown as written, pretty-printed.
        #expect(item.contains("<pre><code class=\"mock\">{\n  \"id\": 1,\n  \"title\": \"Mock item\",\n  \"price\": 9.99,"))
        #expect(!item.contains("<script"))
    }

    /// The browser's path; `nil` (with a known issue recorded) outside CI when there is none and it
    /// cannot be installed. In CI a missing browser fails the test.
    static func chromium() async throws -> URL? {
        let setup = try await ProcessResult.run(URL(fileURLWithPath: "/bin/bash"), [Repository.root.appendingPathComponent("scripts/chromium.sh").path], in: Repository.root)
        let path = setup.output.trimmingCharacters(in: .whitespacesAndNewlines)
        if setup.status == 0, !path.isEmpty { return URL(fileURLWithPath: path) }
        let reason = "no headless Chromium: scripts/chromium.sh failed (\(setup.status)): \(setup.errorOutput)"
        if ProcessInfo.processInfo.environment["CI"] == "true" {
            Issue.record(Comment(rawValue: reason))
        } else {
            withKnownIssue(Comment(rawValue: "browser check skipped: " + reason)) { Issue.record(Comment(rawValue: reason)) }
        }
        return nil
    }

    /// The DOM Chromium builds from a file, serialised. Runs off the cooperative pool; a browser
    /// (with the helpers it started) that has not finished within two minutes is killed and the
    /// test fails.
    static func dumpDOM(_ chromium: URL, _ page: URL) async throws -> String {
        let profile = try TemporaryFolder()
        let arguments = ["--headless", "--disable-gpu", "--no-sandbox", "--user-data-dir=\(profile.url.path)", "--dump-dom", page.absoluteString]
        let result = try await Subprocess.run(chromium, arguments, processGroup: true, timeLimit: .seconds(120))
        #expect(result.termination == .exited(0), "chromium failed (\(result.termination), timed out: \(result.timedOut)): \(result.errorText)")
        return result.outputText
    }
}
