#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Decodes any ``ModelValue`` from JSON: a model, an array, set or dictionary of them, ``JSONValue``
/// or a scalar — and any `Decodable` type through the Codable bridge. `Sendable`, usable from
/// many tasks at once.
///
/// ```swift
/// let decoder = ModelDecoder(options: DecodingOptions(conversion: .strict))
/// let books = try decoder.decode([Book].self, from: bytes)
/// ```
///
/// A class, as `JSONDecoder` is: configure it in place, with ``options`` or with `JSONDecoder`'s
/// own property names (``keyDecodingStrategy``, ``dateDecodingStrategy``, ``userInfo``, …).
/// Unlike `init(json:)`, a ``PolymorphicModel`` at the top level builds the subclass it chooses.
public final class ModelDecoder: @unchecked Sendable {
    // @unchecked: the only mutable state is behind the lock; each decode works on a copy.
    private let configuration: Lock<DecodingOptions>

    /// The options every decode uses. The `JSONDecoder`-named properties read and write them too.
    public var options: DecodingOptions {
        get { configuration.value }
        set { configuration.store(newValue) }
    }

    /// Changes the options in one step (several tasks may configure one decoder).
    func updateOptions(_ change: (inout DecodingOptions) -> Void) {
        configuration.withLock { change(&$0) }
    }

    /// A decoder with these options.
    public init(options: DecodingOptions = DecodingOptions()) {
        configuration = Lock(options)
    }

    /// The options of one decode: a setting ModelKit cannot honour fails here, loudly.
    @usableFromInline
    func optionsForDecode() throws -> DecodingOptions {
        let options = configuration.value
        if options.codable.allowsJSON5 {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: [], debugDescription: "ModelDecoder reads JSON (RFC 8259) only: allowsJSON5 = true is not supported"))
        }
        return options
    }

    /// Decodes `type` from UTF-8 bytes: `[UInt8]`, `ArraySlice<UInt8>`, `Data`, or any byte collection.
    ///
    /// A model, a tagged enum, ``JSONValue`` and containers of them take the model door (the
    /// schema, ModelKit's defaults, ``ModelDecodingError``); standard values such as `Int`,
    /// `Date` or `[Double]` take the Codable door, as `JSONDecoder` reads them.
    @inlinable
    public func decode<T: ModelValue, Bytes: Collection<UInt8>>(_ type: T.Type, from json: Bytes) throws -> T {
        let options = try optionsForDecode()
        return try withJSONBytes(json) { try Self.decodeAtDoor(T.self, from: $0, options: options) }
    }

    /// Decodes `type` from JSON text (the door as for bytes).
    @inlinable
    public func decode<T: ModelValue>(_ type: T.Type, from json: String) throws -> T {
        let options = try optionsForDecode()
        return try withJSONBytes(json) { try Self.decodeAtDoor(T.self, from: $0, options: options) }
    }

    /// Every `ModelDecoder.decode` of a ``ModelValue`` type from bytes in place: the model door
    /// (the schema path) or, for a standard value, the Codable door (``CodingDoor`` decides).
    @inlinable
    static func decodeAtDoor<T: ModelValue>(_ type: T.Type, from bytes: UnsafeRawBufferPointer, options: DecodingOptions,
                                            validUTF8: Bool = false) throws -> T {
        guard CodingDoor.takesModelDoor(T.self) else { return try decodeStandardValue(T.self, from: bytes, options: options) }
        return try decode(T.self, fromBytes: bytes, options: options, validUTF8: validUTF8)
    }

    /// Decodes `type` from an already-parsed ``JSONValue``. A standard value (`Int`, `Date` …)
    /// is read with the Codable door's defaults (strict, `.deferredToDate` dates) unless set.
    public func decode<T: ModelValue>(_ type: T.Type, from json: JSONValue) throws -> T {
        let options = try optionsForDecode()
        return try Self.decode(T.self, from: json, options: CodingDoor.takesModelDoor(T.self) ? options : options.forCodableDoor)
    }

    /// A standard value (the Codable door) through the bridge, as `JSONDecoder` reads it.
    @usableFromInline
    static func decodeStandardValue<T: ModelValue>(_ type: T.Type, from bytes: UnsafeRawBufferPointer, options: DecodingOptions) throws -> T {
        // The door said `T` is Decodable.
        let decodable = T.self as! any Decodable.Type
        func bridged<D: Decodable>(_ type: D.Type) throws -> T { try decodeBridged(D.self, from: bytes, options: options) as! T }
        return try bridged(decodable)
    }

    /// Decodes `type`, and also returns what `mismatch: .skip` dropped (each with its path and position).
    public func decodeWithReport<T: ModelValue, Bytes: Collection<UInt8>>(_ type: T.Type, from json: Bytes) throws -> (value: T, skipped: [ModelDecodingError]) {
        let options = try optionsForDecode()
        return try withJSONBytes(json) { bytes in
            try DecodeRun.decodeReporting(T.self, from: bytes, options: options)
        }
    }

    // The schema path with given options: what the convenience initializers call, so that they
    // make no decoder (and no lock) per decode.

    @inlinable
    static func decode<T: ModelValue, Bytes: Collection<UInt8>>(_ type: T.Type, from json: Bytes, options: DecodingOptions) throws -> T {
        try withJSONBytes(json) { try DecodeRun.decodeValue(T.self, from: $0, options: options) }
    }

    @inlinable
    static func decode<T: ModelValue>(_ type: T.Type, from json: String, options: DecodingOptions) throws -> T {
        try withJSONBytes(json) { try DecodeRun.decodeValue(T.self, from: $0, options: options) }
    }

    /// Decodes `type` from a built ``JSONValue`` (every `decodeModelValue(from:options:)` of the
    /// standard types and models calls this). One generic copy compiled for size, as
    /// `TapeSchemaReader.decode(_:recordedFrom:options:)` is: a specialization per type was
    /// 1 KB each in every program linking ModelKit (scripts/check-linkage.sh).
    @_optimize(size) @_semantics("optimize.sil.specialize.generic.never")
    static func decode<T: ModelValue>(_ type: T.Type, from json: JSONValue, options: DecodingOptions) throws -> T {
        try TapeSchemaReader.decode(T.self, recordedFrom: json, options: options)
    }
}

extension Model {
    /// Decodes exactly `Self` from UTF-8 bytes (`[UInt8]`, `ArraySlice<UInt8>`, `Data`, any byte collection).
    @inlinable
    public init<Bytes: Collection<UInt8>>(json: Bytes, options: DecodingOptions = DecodingOptions()) throws {
        // Filled in the box and moved out once, not returned through every layer: each return of
        // a large model is a copy of it.
        let box = ResultBox<Self>()
        try withJSONBytes(json) { try DecodeRun.fillExactly(box, $0, options: options) }
        self = box.takeValue()
    }

    /// Decodes exactly `Self` from JSON text.
    @inlinable
    public init(json: String, options: DecodingOptions = DecodingOptions()) throws {
        let box = ResultBox<Self>()
        try withJSONBytes(json) { try DecodeRun.fillExactly(box, $0, options: options) }
        self = box.takeValue()
    }

    /// Sets only the fields whose keys are present; nested models merge in place.
    /// On error the model is left unchanged.
    public mutating func update<Bytes: Collection<UInt8>>(json: Bytes, options: DecodingOptions = DecodingOptions()) throws {
        let current = self
        self = try withJSONBytes(json) { try Self.decodeExactly($0, options: options, into: current) }
    }

    /// Sets only the fields whose keys are present, from JSON text.
    public mutating func update(json: String, options: DecodingOptions = DecodingOptions()) throws {
        let current = self
        self = try withJSONBytes(json) { try Self.decodeExactly($0, options: options, into: current) }
    }

    @inlinable
    static func decodeExactly(_ bytes: UnsafeRawBufferPointer, options: DecodingOptions, into existing: Self?) throws -> Self {
        if let existing { return try DecodeRun.update(existing, from: bytes, options: options) }
        return try DecodeRun.decode(Self.self, from: bytes, options: options, exactly: true)
    }
}

extension Model where Self: AnyObject {
    /// Sets only the fields whose keys are present, on this instance (no `var` needed).
    /// On error the instance may be partly updated.
    public func update<Bytes: Collection<UInt8>>(json: Bytes, options: DecodingOptions = DecodingOptions()) throws {
        _ = try withJSONBytes(json) { try Self.decodeExactly($0, options: options, into: self) }
    }

    /// Sets only the fields whose keys are present, from JSON text, on this instance.
    public func update(json: String, options: DecodingOptions = DecodingOptions()) throws {
        _ = try withJSONBytes(json) { try Self.decodeExactly($0, options: options, into: self) }
    }
}

// Over `ModelValue`, so arrays and objects of tagged enums (and of any field value) decode the
// same way as those of models.
extension Array where Element: ModelValue {
    /// Decodes a top-level array of models or tagged enums; model elements may be polymorphic,
    /// nulls and non-objects are dropped (lenient).
    public init<Bytes: Collection<UInt8>>(json: Bytes, options: DecodingOptions = DecodingOptions()) throws {
        self = try ModelDecoder.decode([Element].self, from: json, options: options)
    }

    /// Decodes a top-level array of models or tagged enums from JSON text.
    public init(json: String, options: DecodingOptions = DecodingOptions()) throws {
        self = try ModelDecoder.decode([Element].self, from: json, options: options)
    }
}

extension Dictionary where Key == String, Value: ModelValue {
    /// Decodes a top-level object whose values are models or tagged enums.
    public init<Bytes: Collection<UInt8>>(json: Bytes, options: DecodingOptions = DecodingOptions()) throws {
        self = try ModelDecoder.decode([String: Value].self, from: json, options: options)
    }

    /// Decodes a top-level object whose values are models or tagged enums, from JSON text.
    public init(json: String, options: DecodingOptions = DecodingOptions()) throws {
        self = try ModelDecoder.decode([String: Value].self, from: json, options: options)
    }
}
