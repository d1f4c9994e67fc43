// `withEncodedBytes` handing the JSON as a `RawSpan`: the same encodes as the
// `UnsafeRawBufferPointer` forms, the same buffer lent. Disfavoured, so a closure that reads
// either type (`{ _ in … }`) keeps choosing the pointer form it chose before.

extension ModelEncoder {
    /// Encodes a model (any ``ModelValue``) through its schema and lends `body` the JSON as a
    /// `RawSpan`, valid only during `body` (no copy).
    @_disfavoredOverload
    public func withEncodedBytes<T: ModelValue, R>(_ value: T, _ body: (RawSpan) throws -> R) throws -> R {
        try withEncodedBytes(value) { (bytes: UnsafeRawBufferPointer) in try body(bytes.bytes) }
    }

    /// A type that is both ``ModelValue`` and `Encodable` takes the schema path.
    @_disfavoredOverload
    public func withEncodedBytes<T: ModelValue & Encodable, R>(_ value: T, _ body: (RawSpan) throws -> R) throws -> R {
        try withEncodedBytes(value) { (bytes: UnsafeRawBufferPointer) in try body(bytes.bytes) }
    }

    /// Encodes any `Encodable` value and lends `body` the JSON as a `RawSpan`, valid only
    /// during `body` (no intermediate array). A ``Model`` takes the schema path.
    @_disfavoredOverload
    public func withEncodedBytes<T: Encodable, R>(_ value: T, _ body: (RawSpan) throws -> R) throws -> R {
        try withEncodedBytes(value) { (bytes: UnsafeRawBufferPointer) in try body(bytes.bytes) }
    }
}
