public import Foundation

/// What a run is given besides the specs: the command line's choices, which win over the
/// configuration file's.
public struct GenerationOptions: Sendable {
    /// A folder of Mustache templates replacing the built-in ones of the same name.
    public var templates: URL?
    /// The configuration file given with `--config`; without it, `apigen.yaml` in the spec folder
    /// (or beside the spec file) is used when there is one.
    public var configuration: URL?
    /// The output layout; `nil` leaves it to the configuration (the per-API layout without one).
    public var layout: OutputLayout?
    /// Where renderings are kept for reuse by a later run with the same inputs; `nil` (the
    /// default) renders every time and keeps nothing.
    public var cache: RenderCache?

    /// Creates options; every one left out is taken from the configuration file or its default.
    public init(templates: URL? = nil, configuration: URL? = nil, layout: OutputLayout? = nil, cache: RenderCache? = nil) {
        self.templates = templates
        self.configuration = configuration
        self.layout = layout
        self.cache = cache
    }
}
