/// A business object together with how it was obtained.
public struct Response<Value: Sendable>: Sendable {
    /// The parsed business object.
    public var value: Value
    /// Status, headers, duration, attempts and source of the response.
    public var metadata: ResponseMetadata

    /// Creates a response.
    public init(value: Value, metadata: ResponseMetadata) {
        self.value = value
        self.metadata = metadata
    }
}

extension Response: Equatable where Value: Equatable {}
extension Response: Hashable where Value: Hashable {}
