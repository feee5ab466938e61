/// Why a plugin stopped, said so that the build log tells the user what to change.
enum PluginFailure: Error, CustomStringConvertible {
    case severalConfigs(target: String, files: [String])
    case noConfig(target: String)
    case noSpecs(target: String, folder: String)
    case noTargetWithConfig
    case onlyBuildPluginTargets([String])
    case committedOutputBeside(target: String, folder: String)
    case unknownTargets([String])
    case unknownArguments([String])
    case badShards(file: String, line: Int, value: String)
    case apigenFailed(target: String, status: Int32)

    var description: String {
        switch self {
        case .severalConfigs(let target, let files):
            return "target '\(target)' holds more than one apigen.yaml (\(files.joined(separator: ", "))); keep one, beside the specs"
        case .noConfig(let target):
            return "target '\(target)' holds no apigen.yaml; put one beside its specs (see docs/plugins.md)"
        case .noSpecs(let target, let folder):
            return "\(folder)/apigen.yaml: error: target '\(target)' has no spec files (*.yaml, *.yml) beside its apigen.yaml"
        case .noTargetWithConfig:
            return "no target of this package holds an apigen.yaml; put one beside a target's specs (see docs/plugins.md)"
        case .onlyBuildPluginTargets(let names):
            return "every target with an apigen.yaml (\(names.map { "'\($0)'" }.joined(separator: ", "))) lists it as a source, as targets using APIGenPlugin do, so nothing was written; name a target with --target to write its Generated/ anyway"
        case .committedOutputBeside(let target, let folder):
            return "\(folder): error: target '\(target)' uses APIGenPlugin and also holds apigen's committed output in this folder (from generate-api): every type would be declared twice; delete the folder, or drop the plugin and keep the committed workflow"
        case .unknownTargets(let names):
            return "no target named \(names.map { "'\($0)'" }.joined(separator: ", ")) in this package"
        case .unknownArguments(let arguments):
            return "unknown arguments \(arguments.joined(separator: " ")); generate-api takes only --target <name>, any number of times"
        case .badShards(let file, let line, let value):
            return "\(file):\(line):1: error: output shards must be a whole number from 1 to 64, not '\(value)'"
        case .apigenFailed(let target, let status):
            return "apigen failed for target '\(target)' (exit status \(status)); its diagnostics are above"
        }
    }
}
