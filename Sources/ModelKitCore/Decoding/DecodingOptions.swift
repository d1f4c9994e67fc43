#if canImport(FoundationEssentials) && !FullFoundation
import FoundationEssentials
#else
import Foundation
#endif

/// How the decoder treats input that is not exactly what a model expects.
public struct DecodingOptions: Sendable {
    /// Whether a JSON value of another type may be converted to a field's type.
    public enum Conversion: Sendable {
        /// YYModel's table: numbers ↔ strings, `"true"`/`"yes"`/`"false"`/`"no"` → Bool and integers,
        /// numbers → Bool, fractional numbers truncate into integer fields, `null` leaves a
        /// non-optional field untouched.
        case lenient
        /// Only the JSON type that matches the field is accepted.
        case strict
    }

    /// What a value that cannot be converted does.
    public enum MismatchPolicy: Sendable {
        /// Throw ``ModelDecodingError`` with `.typeMismatch`.
        case fail
        /// Leave the field untouched (drop the array element / dictionary entry) and go on.
        case skip
    }

    /// What a key that no field maps does.
    public enum UnknownKeyPolicy: Sendable {
        /// Skip the key and its value.
        case ignore
        /// Throw ``ModelDecodingError`` with `.unknownKey`.
        case fail
    }

    /// What a key that appears more than once in one object does.
    public enum DuplicateKeyPolicy: Sendable {
        /// The first value counts; later ones are skipped (what `JSONDecoder` does).
        case useFirst
        /// Each value overwrites the one before (what a dictionary built key by key does).
        case useLast
        /// A repeated key is an error naming the key and where it repeats: two parsers that
        /// keep different values can never read one document differently.
        case reject
    }

    /// Lenient or strict conversion of JSON types into field types. Unless set, lenient on the
    /// model door and strict on the Codable door (as `JSONDecoder`); once set, both doors use it.
    public var conversion: Conversion {
        get { conversionChoice ?? .lenient }
        set { conversionChoice = newValue }
    }
    /// Whether a value that cannot be converted fails the decode (default) or is skipped.
    public var mismatch: MismatchPolicy
    /// Whether keys no field maps are ignored (default) or fail the decode.
    public var unknownKeys: UnknownKeyPolicy
    /// How strings and numbers become `Date`s. Unless set, ``DateDecodingStrategy/automatic`` on
    /// the model door and ``DateDecodingStrategy/deferredToDate`` on the Codable door (as
    /// `JSONDecoder`); once set, both doors use it.
    public var dates: DateDecodingStrategy {
        get { datesChoice ?? .automatic }
        set { datesChoice = newValue }
    }
    /// Bounds on untrusted input.
    public var limits: DecodingLimits
    /// Which value a key repeated in one object gives (default: the first, as `JSONDecoder`).
    public var duplicateKeys: DuplicateKeyPolicy
    /// The Codable bridge's settings that have no schema-path meaning (`JSONDecoder`'s key, data
    /// and non-conforming float strategies, `userInfo`), set through ``ModelDecoder``'s
    /// `JSONDecoder`-named properties. Kept here so that they travel with the options.
    var codable: CodableDecodingSettings {
        get { codableBox?.settings ?? CodableDecodingSettings() }
        set { codableBox = CodableDecodingSettings.Box(newValue) }
    }
    /// Boxed, and nil while every setting has its default: copying the options (once per
    /// decode) then retains nothing for them.
    private var codableBox: CodableDecodingSettings.Box?
    /// What the user set; nil leaves each door its own default (see ``forCodableDoor``).
    private var conversionChoice: Conversion?
    private var datesChoice: DateDecodingStrategy?

    /// These options as the Codable door applies them: what was not set takes `JSONDecoder`'s
    /// default (strict conversion, `.deferredToDate`), so that switching from `JSONDecoder` to a
    /// default `ModelDecoder` reads the same values. Models nested in a Codable type read
    /// ``forModelDoor`` instead.
    var forCodableDoor: DecodingOptions {
        guard modelDoorChoices == nil else { return self }
        var resolved = self
        resolved.conversionChoice = conversionChoice ?? .strict
        resolved.datesChoice = datesChoice ?? .deferredToDate
        resolved.modelDoorChoices = ModelDoorChoices(conversion: conversionChoice, dates: datesChoice)
        return resolved
    }

    /// These options as a model met inside a Codable type reads them: ModelKit's defaults where
    /// the user set nothing, as `JSONDecoder` reads a model through its `Codable` conformance.
    var forModelDoor: DecodingOptions {
        guard let choices = modelDoorChoices else { return self }
        var restored = self
        restored.conversionChoice = choices.conversion
        restored.datesChoice = choices.dates
        restored.modelDoorChoices = nil
        return restored
    }

    /// What the user set, kept by ``forCodableDoor`` for the models inside (``forModelDoor``).
    private struct ModelDoorChoices: Sendable {
        var conversion: Conversion?
        var dates: DateDecodingStrategy?
    }
    private var modelDoorChoices: ModelDoorChoices?

    /// Options with the defaults: fail on mismatch, ignore unknown keys, default limits, the first
    /// of repeated keys. `conversion` and `dates` left `nil` take each door's default: lenient
    /// and `.automatic` for models, strict and `.deferredToDate` (`JSONDecoder`'s) for other types.
    public init(conversion: Conversion? = nil, mismatch: MismatchPolicy = .fail, unknownKeys: UnknownKeyPolicy = .ignore,
                dates: DateDecodingStrategy? = nil, limits: DecodingLimits = DecodingLimits(),
                duplicateKeys: DuplicateKeyPolicy = .useFirst) {
        conversionChoice = conversion
        self.mismatch = mismatch
        self.unknownKeys = unknownKeys
        datesChoice = dates
        self.limits = limits
        self.duplicateKeys = duplicateKeys
    }
}

/// Bounds on untrusted input; exceeding one throws `.limitExceeded`, never crashes.
public struct DecodingLimits: Sendable, Hashable {
    /// Deepest nesting of arrays and objects. Default 512; at most ``maxDepthBound``.
    public var maxDepth: Int
    /// Largest input accepted; in a stream, largest record (a top-level value, or an element of a
    /// top-level array), a number still being read included. Default: unlimited.
    public var maxInputBytes: Int
    /// Longest string or key, in UTF-8 bytes after unescaping, and longest number text. Default: unlimited.
    public var maxStringBytes: Int
    /// Most values one document (in a stream, one record) decodes into, which bounds its memory
    /// where ``maxInputBytes`` bounds only its text: every object and array counts one, and every
    /// model, collection element or Codable value one more per whole 64 bytes of its size
    /// (`MemoryLayout.stride`), so `{}` as a 528-byte struct counts nine. A decode then holds at
    /// most about 64 bytes per element counted, plus its strings and small scalars, which are
    /// bounded by the input. A value read more than once (a key several fields share) counts its
    /// sizes again; a `PreprocessingModel`'s rewrite counts as a value of its own. Default: unlimited.
    public var maxElements: Int

    /// The deepest nesting any decode accepts, whatever `maxDepth` says: a larger `maxDepth`
    /// acts as this. Deeper values would overflow the stack in the paths that recurse over a
    /// value (releasing, hashing, comparing and encoding a `JSONValue`, reading a model).
    public static let maxDepthBound = 2_048

    /// How deep values that read their object more than once may nest in one another:
    /// polymorphic and preprocessing models, and containers on a key several fields share.
    /// Each such level reads what it holds again (a polymorphic model builds its object as a
    /// ``JSONValue`` to choose its class), so a chain costs its depth times its size; they get
    /// a tighter bound than ``maxDepth``, and deeper nesting throws
    /// `.limitExceeded(.maxDepth, limit: 128)`.
    public static let maxBufferedNesting = 128

    /// Limits with the defaults: depth 512, sizes unlimited.
    public init(maxDepth: Int = 512, maxInputBytes: Int = .max, maxStringBytes: Int = .max, maxElements: Int = .max) {
        self.maxDepth = maxDepth
        self.maxInputBytes = maxInputBytes
        self.maxStringBytes = maxStringBytes
        self.maxElements = maxElements
    }

    /// What a value of type `T` counts against ``maxElements`` beyond its container: one per
    /// whole 64 bytes of its size (0 for the standard scalars and small models).
    @inlinable
    static func elementWeight<T>(of type: T.Type) -> Int { MemoryLayout<T>.stride >> 6 }
}

/// How a JSON value becomes a `Date`.
public enum DateDecodingStrategy: Sendable {
    /// Strings `yyyy-MM-dd`, `yyyy-MM-dd HH:mm:ss`, `yyyy-MM-dd'T'HH:mm:ss` (UTC when no zone is
    /// given), ISO 8601 with zone and optional fractional seconds, `EEE MMM dd HH:mm:ss Z yyyy`
    /// (Twitter); numbers as seconds since 1970.
    case automatic
    /// ISO 8601 strings with a zone, optional fractional seconds.
    case iso8601
    /// Numbers (or numeric strings, when lenient) as seconds since 1970.
    case secondsSince1970
    /// Numbers (or numeric strings, when lenient) as milliseconds since 1970.
    case millisecondsSince1970
    #if FullFoundation || !canImport(FoundationEssentials)
    /// Strings parsed by this formatter (slow: `DateFormatter` is; prefer the others). Needs all
    /// of Foundation: on Linux, only with the package trait `FullFoundation`.
    case formatted(DateFormatter)
    #endif
    /// Numbers as seconds since 2001-01-01: `Date`'s own `Codable` form, which `JSONEncoder`
    /// writes and `JSONDecoder` reads by default.
    case deferredToDate
    /// Your own conversion from the JSON value (a string or number).
    case custom(@Sendable (JSONValue) throws -> Date)
    /// Your own conversion from a `Decoder` at the value: `JSONDecoder`'s `.custom` strategy,
    /// which ``ModelDecoder/dateDecodingStrategy`` sets.
    case customDecoder(@Sendable (any Decoder) throws -> Date)
}
