import APIGenCore

/// A one-page index of the APIs, served at `/` until the full reference pages are given.
enum ReferenceIndex {
    static func minimal(_ project: ServeProject) -> [String: String] {
        var html = "<!doctype html>\n<html><head><meta charset=\"utf-8\"><title>apigen-serve</title></head><body>\n"
        for service in project.description.services {
            html += "<h1>\(escape(service.name))</h1>\n<ul>\n"
            for api in service.apis {
                html += "<li><code>\(escape(api.method)) \(escape(api.path))</code> \(escape(api.specName.isEmpty ? api.name : api.specName))</li>\n"
            }
            html += "</ul>\n"
        }
        return ["index.html": html + "</body></html>\n"]
    }

    static func escape(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            default: result.append(character)
            }
        }
        return result
    }
}
