import Hummingbird
import NIOCore

/// The request context: Hummingbird's core storage and the connection, so a scenario can drop it.
struct ServeContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    let channel: any Channel

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        channel = source.channel
    }

    /// Request bodies up to 64 MiB (uploads in tests of multipart APIs).
    var maxUploadSize: Int { 64 * 1024 * 1024 }
}
