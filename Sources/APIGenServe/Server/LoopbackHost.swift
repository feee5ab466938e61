/// Which listen addresses only this machine reaches.
public enum LoopbackHost {
    /// `127.0.0.1` (any of 127/8), `::1` and `localhost`.
    public static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host == "::1" || host == "[::1]" || host.hasPrefix("127.")
    }
}
