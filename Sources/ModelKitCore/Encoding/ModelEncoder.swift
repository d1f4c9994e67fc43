#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Encodes any ``ModelValue`` as JSON: models, arrays, sets and dictionaries of them,
/// ``JSONValue`` and scalars; and, through the Codable bridge, any `Encodable`.
///
/// Like `JSONEncoder` it is a class: configure one and share it. It is `Sendable` and usable
/// from many tasks at once; a setting changed while an encode runs applies from the next one.
///
/// ```swift
/// let encoder = ModelEncoder(options: EncodingOptions(sortedKeys: true))
/// let body = try encoder.encode(books)              // Data, as JSONEncoder
/// let bytes: [UInt8] = try encoder.encode(books)
/// let drop_in = ModelEncoder()
/// drop_in.outputFormatting = [.sortedKeys]   // JSONEncoder's settings, Foundation's types
/// ```
public final class ModelEncoder: @unchecked Sendable {
    // @unchecked: the only stored state is `settings`, a lock around an immutable snapshot; an
    // encode takes the snapshot once (one lock round trip) and never sees a half-made change.
    private let settings: Lock<EncoderConfiguration>

    /// An encoder with these options.
    public init(options: EncodingOptions = EncodingOptions()) {
        settings = Lock(EncoderConfiguration(options: options))
    }

    /// The options every encode uses. Setting them keeps the Foundation-only settings
    /// (``userInfo``, ``keyEncodingStrategy``, `.custom` date and data strategies) where the
    /// options have no say.
    public var options: EncodingOptions {
        get { configuration.options }
        set { update { $0.options = newValue; $0.foundationDates = nil; $0.foundationData = nil } }
    }

    /// What an encode reads: one consistent snapshot.
    var configuration: EncoderConfiguration { settings.withLock { $0 } }

    /// Changes the settings (on a copy, swapped in under the lock).
    func update(_ change: (inout EncoderConfiguration.Values) -> Void) {
        settings.withLock { current in
            var values = current.values
            change(&values)
            current = EncoderConfiguration(values)
        }
    }

    /// The JSON text of `value`, as `Data` (what `JSONEncoder.encode` returns; ask for
    /// `[UInt8]` by type to get bytes instead).
    ///
    /// A model, a tagged enum, ``JSONValue`` and containers of them take the model door (their
    /// schema, ModelKit's defaults); standard values such as `Date` or `[Double]` the Codable
    /// door, written as `JSONEncoder` writes them.
    public func encode<T: ModelValue>(_ value: T) throws -> Data {
        try withEncodedBytes(value) { Data($0) }
    }

    /// The JSON text of `value`, as UTF-8 bytes (`let bytes: [UInt8] = try encoder.encode(value)`).
    @_disfavoredOverload
    public func encode<T: ModelValue>(_ value: T) throws -> [UInt8] {
        guard CodingDoor.takesModelDoor(T.self) else { return try withEncodedBytes(value) { Array($0) } }
        let writer = JSONWriter(options: configuration.options)
        try value._visit(writer)
        writer.recordSizeHint()
        return writer.bytes
    }
}

/// The settings of a ``ModelEncoder`` at one moment: immutable, so an encode reads them
/// without the lock once it holds the snapshot.
final class EncoderConfiguration: Sendable {
    struct Values: Sendable {
        var options: EncodingOptions
        /// A Foundation date strategy the options express only through a closure
        /// (`.deferredToDate`, `.custom`): the bridge runs it as `JSONEncoder` would.
        var foundationDates: JSONEncoder.DateEncodingStrategy?
        /// Likewise `.custom` data.
        var foundationData: JSONEncoder.DataEncodingStrategy?
        var keys: JSONEncoder.KeyEncodingStrategy = .useDefaultKeys
        var userInfo: [CodingUserInfoKey: any Sendable] = [:]
    }

    let values: Values
    var options: EncodingOptions { values.options }
    /// The options as the Codable door applies them (``EncodingOptions/forCodableDoor``).
    let codableOptions: EncodingOptions
    /// `userInfo` as `Encoder.userInfo` spells it. Why unsafe is sound: it is built from the
    /// `Sendable` values of `values.userInfo` and never changed.
    nonisolated(unsafe) let userInfo: [CodingUserInfoKey: Any]
    /// Whether the bridge has Foundation strategies to apply (dates, data or keys).
    let bridgeHooks: Bool
    let convertsKeys: Bool

    init(_ values: Values) {
        self.values = values
        codableOptions = values.options.forCodableDoor
        userInfo = values.userInfo.mapValues { $0 as Any }
        if case .useDefaultKeys = values.keys { convertsKeys = false } else { convertsKeys = true }
        bridgeHooks = values.foundationDates != nil || values.foundationData != nil
    }

    convenience init(options: EncodingOptions) {
        self.init(Values(options: options))
    }
}
