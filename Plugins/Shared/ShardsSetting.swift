import Foundation

/// Reads `shards: N` under a top-level `output:` in `apigen.yaml` by scanning lines.
///
/// A plugin cannot link a YAML parser, and only needs this one number to name its outputs before
/// apigen runs. The plugin passes it to apigen as `--shards N` (or `--layout per-spec-file` without
/// one), and apigen's flags win over the file's `output:`; so apigen writes exactly the declared
/// files even when this scan misses a form it does not understand (an anchor, a flow mapping over
/// several lines): that gives the per-spec-file files rather than shards, never a broken build.
enum ShardsSetting {
    /// The shard count, or nil when `apigen.yaml` sets none.
    /// - Throws: ``PluginFailure/badShards(file:line:value:)`` when the value is not 1…64.
    static func read(_ text: String, file: String) throws -> Int? {
        var inOutput = false
        var outputIndent: Int?
        for (index, rawLine) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let line = withoutComment(rawLine)
            let content = line.drop { $0 == " " }
            if content.isEmpty { continue }
            let indent = line.count - content.count
            if indent == 0 {
                inOutput = content.hasPrefix("output:")
                outputIndent = nil
                guard inOutput else { continue }
                // The flow form: `output: { layout: per-spec-file, shards: 4 }`.
                let rest = content.dropFirst("output:".count)
                if let value = flowValue(of: "shards", in: rest) { return try count(value, file: file, line: index + 1) }
                continue
            }
            guard inOutput else { continue }
            if outputIndent == nil { outputIndent = indent }
            guard indent == outputIndent, content.hasPrefix("shards:") else { continue }
            return try count(String(content.dropFirst("shards:".count)), file: file, line: index + 1)
        }
        return nil
    }

    private static func withoutComment(_ line: Substring) -> Substring {
        var previous: Character = " "
        for index in line.indices {
            if line[index] == "#", previous == " " || previous == "\t" { return line[..<index] }
            previous = line[index]
        }
        return line
    }

    private static func flowValue(of key: String, in text: Substring) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasPrefix("{") else { return nil }
        for entry in trimmed.dropFirst().split(separator: ",") {
            let parts = entry.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == key else { continue }
            return parts[1].replacingOccurrences(of: "}", with: "")
        }
        return nil
    }

    private static func count(_ value: String, file: String, line: Int) throws -> Int {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        guard let count = Int(trimmed), (1...OutputFileNames.maxShards).contains(count) else {
            throw PluginFailure.badShards(file: file, line: line, value: trimmed)
        }
        return count
    }
}
