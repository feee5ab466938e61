import APIGenCore

/// `apis/<Service>/<Api>.html`: one API's method and path, params, constant values, request body,
/// responses per status with their headers, typed errors, envelope, mock and deprecation.
struct ApiPage {
    var api: SpecDescription.Api
    var service: SpecDescription.Service
    var serviceIndex: Int
    var page: String
    var site: SiteMap

    var table: FieldTable { FieldTable(service: serviceIndex, page: page, site: site) }

    static func render(_ api: SpecDescription.Api, apiIndex: Int, of service: SpecDescription.Service, index: Int, site: SiteMap) -> String {
        let page = site.api(index, apiIndex)
        let renderer = ApiPage(api: api, service: service, serviceIndex: index, page: page, site: site)
        let title = api.name
        return PageLayout.page(path: page, title: title, trail: [(service.name, site.service(index))], content: renderer.content(title: title))
    }

    private func content(title: String) -> HTML {
        """
        <h1>\(title)\(Fragments.deprecatedBadge(api.deprecated))</h1>
        <p class="endpoint"><span class="method">\(api.method)</span> <code>\(api.path)</code></p>
        \(Fragments.deprecatedNotice(api.deprecated))\(Fragments.paragraphs(api.description))\(facts)<h2>Parameters</h2>
        \(api.params.isEmpty ? "<p>No parameters.</p>\n" : table.params(api.params, label: "The parameters of \(title)"))\(constants)<h2>Request body</h2>
        \(requestBody)<h2>Responses</h2>
        \(responses)<h2>Envelope</h2>
        \(envelope)<h2>Mock</h2>
        \(mock)
        """
    }

    /// The Swift type, the service, and what the spec says about caching, retrying and the like.
    private var facts: HTML {
        var items: [HTML] = [
            "<dt>Swift</dt><dd><code>\(api.swiftName.isEmpty ? api.name : api.swiftName)Api</code></dd>",
            "<dt>Service</dt><dd><a href=\"\(SiteMap.link(from: page, to: site.service(serviceIndex)))\">\(service.name)</a></dd>",
        ]
        for item in api.behaviour { items.append("<dt>\(item.name)</dt><dd>\(item.value)</dd>") }
        for tag in api.tags { items.append("<dt>\(tag.0)</dt><dd>\(tag.1)</dd>") }
        return "<dl class=\"facts\">\n\(HTML.join(items, separator: "\n"))\n</dl>\n"
    }

    /// Query items and headers sent with every call.
    private var constants: HTML {
        let rows = api.constantQuery.map { item -> [HTML] in
            ["<code>\(item.0)</code>", "query", item.1.map { "<code>\($0)</code>" } ?? "<span class=\"muted\">a flag without a value</span>"]
        } + api.constantHeaders.map { ["<code>\($0.0)</code>", "header", "<code>\($0.1)</code>"] as [HTML] }
        guard !rows.isEmpty else { return "" }
        return "<h3>Constant values</h3>\n\(Fragments.table("Sent with every call of this API", headers: ["Name", "In", "Value"], rows: rows))"
    }

    private var requestBody: HTML {
        let bodyParams = api.params.filter { $0.location == "body" }.map { "<code>\($0.field.key)</code>" as HTML }
        let names = HTML.join(bodyParams, separator: ", ")
        switch api.bodyEncoding {
        case "whole":
            return "<p>A JSON value of type \(table.type(api.wholeBody ?? "JSON")) (<code>application/json</code>).</p>\n"
        case "raw":
            let format = api.rawBody?.format ?? "binary"
            let kind: HTML = format == "text" ? "Text, sent as it is" : "Bytes (in memory or a file streamed from disk), sent as they are"
            return "<p>Raw body: \(kind); <code>Content-Type: \(api.rawBody?.contentType ?? "application/octet-stream")</code>.</p>\n"
        case "multipart":
            return "<p>Multipart form data (<code>multipart/form-data</code>), one part per body param: \(names). Params of type <code>File</code> are sent as files.</p>\n"
        case "form":
            return bodyParams.isEmpty ? "<p>No body.</p>\n" : "<p>A form (<code>application/x-www-form-urlencoded</code>) of the body params: \(names).</p>\n"
        default:
            return bodyParams.isEmpty ? "<p>No body.</p>\n" : "<p>A JSON object (<code>application/json</code>) of the body params: \(names).</p>\n"
        }
    }

    private var responses: HTML {
        var result: HTML = "<h3>Success</h3>\n\(Fragments.paragraphs(api.responseDescription))\(body(api.response, main: true))"
        if !api.responseHeaders.isEmpty {
            result = "\(result)<h3>Response headers</h3>\n\(table.fields(api.responseHeaders, label: "Headers read from the response"))"
        }
        if !api.responses.isEmpty {
            let rows = api.responses.map { response -> [HTML] in
                let outcome: HTML = response.success ? "answer" : "<span class=\"deprecated\">typed error</span>"
                return ["<code>\(response.status)</code>", outcome, body(response.body, main: false), Fragments.inline(response.description)]
            }
            result = "\(result)<h3>Other statuses</h3>\n\(Fragments.table("Statuses the client tells apart", headers: ["Status", "Outcome", "Body", "Description"], rows: rows))"
        }
        return result
    }

    /// What a response body is; the main response's inline fields as a table.
    private func body(_ body: SpecDescription.Body, main: Bool) -> HTML {
        let text: HTML
        switch body {
        case .none: text = "No body."
        case .type(let type): text = "A JSON value of type \(table.type(type))."
        case .fields(let fields):
            return "<p>A JSON object:</p>\n\(table.fields(fields, label: "Fields of the response"))"
        case .text: text = "Text."
        case .binary:
            if main, let stream = api.stream {
                let events: HTML = stream.type.map { "events of type \(table.type($0))" } ?? "chunks of bytes"
                text = "A stream (<code>\(stream.format)</code>) of \(events), read as they arrive."
            } else if main, api.download {
                text = "Bytes, written to a file as they arrive."
            } else {
                text = "Bytes."
            }
        }
        return main ? "<p>\(text)</p>\n" : text
    }

    private var envelope: HTML {
        guard let envelope = api.envelope else {
            return "<p>Not wrapped: the body is the result.</p>\n"
        }
        let result: String
        switch api.response {
        case .type(let type): result = type
        case .fields: result = "{…}"
        case .none: result = "null"
        case .text, .binary: result = "…"
        }
        return "<p>Answers are wrapped in the envelope; the result is under <code>\(envelope.result)</code>.</p>\n\(ServicePage.envelope(envelope, result: result))"
    }

    private var mock: HTML {
        guard let json = api.mockJSON else {
            return "<p class=\"muted\">No mock.</p>\n"
        }
        let note: HTML = api.envelope.map { "<p>The result; an answer wraps it in the envelope under <code>\($0.result)</code>.</p>\n" as HTML } ?? ""
        return "\(note)<pre><code class=\"mock\">\(JSONText.pretty(json))</code></pre>\n"
    }
}
