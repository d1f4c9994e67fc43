#if canImport(FoundationEssentials) && !FullFoundation
import FoundationEssentials
#else
import Foundation
#endif

// `JSONDecoder`'s configuration properties, with its names and Foundation's own types, so that
// switching is a one-word change. Each reads and writes `options`.

extension ModelDecoder {
    /// `JSONDecoder.DateDecodingStrategy`, so that code naming the strategy through its coder compiles unchanged.
    public typealias DateDecodingStrategy = JSONDecoder.DateDecodingStrategy
    /// `JSONDecoder.DataDecodingStrategy`.
    public typealias DataDecodingStrategy = JSONDecoder.DataDecodingStrategy
    /// `JSONDecoder.NonConformingFloatDecodingStrategy`.
    public typealias NonConformingFloatDecodingStrategy = JSONDecoder.NonConformingFloatDecodingStrategy
    /// `JSONDecoder.KeyDecodingStrategy`.
    public typealias KeyDecodingStrategy = JSONDecoder.KeyDecodingStrategy

    /// How JSON values become `Date`s, as `JSONDecoder` names it; the same setting as
    /// ``DecodingOptions/dates``. Unless set, `.deferredToDate`, as `JSONDecoder` (models keep
    /// ModelKit's `.automatic`, which reads as a `.custom` strategy that applies it).
    public var dateDecodingStrategy: JSONDecoder.DateDecodingStrategy {
        get {
            switch options.forCodableDoor.dates {
            case .deferredToDate: return .deferredToDate
            case .secondsSince1970: return .secondsSince1970
            case .millisecondsSince1970: return .millisecondsSince1970
            case .iso8601: return .iso8601
            #if FullFoundation || !canImport(FoundationEssentials)
            case .formatted(let formatter): return .formatted(formatter)
            #endif
            case .customDecoder(let convert): return .custom(convert)
            case .automatic, .custom:
                let options = options
                return .custom { decoder in try ModelDecoder.decode(Date.self, from: JSONValue(from: decoder), options: options) }
            }
        }
        set {
            let dates: ModelKitCore.DateDecodingStrategy
            switch newValue {
            case .deferredToDate: dates = .deferredToDate
            case .secondsSince1970: dates = .secondsSince1970
            case .millisecondsSince1970: dates = .millisecondsSince1970
            case .iso8601: dates = .iso8601
            case .custom(let convert): dates = .customDecoder(convert)
            }
            updateOptions { $0.dates = dates }
        }
    }

    /// How JSON values become `Data` in `Decodable` types (default `.base64`). A schema model's
    /// `Data` fields are always base64, their one wire format.
    public var dataDecodingStrategy: JSONDecoder.DataDecodingStrategy {
        get { options.codable.data }
        set { updateOptions { $0.codable.data = newValue } }
    }

    /// Which strings stand for infinity and NaN in `Float` and `Double` values (default `.throw`).
    public var nonConformingFloatDecodingStrategy: JSONDecoder.NonConformingFloatDecodingStrategy {
        get { options.codable.nonConformingFloats }
        set { updateOptions { $0.codable.nonConformingFloats = newValue } }
    }

    /// How a document's keys map to `CodingKey`s (default `.useDefaultKeys`); for example
    /// `.convertFromSnakeCase` reads `user_id` as `userId`. Schema models keep their own keys.
    public var keyDecodingStrategy: JSONDecoder.KeyDecodingStrategy {
        get { options.codable.keys }
        set { updateOptions { $0.codable.keys = newValue } }
    }

    /// Values handed to every `Decoder` the Codable bridge makes, as `Decoder.userInfo`.
    public var userInfo: [CodingUserInfoKey: any Sendable] {
        get { options.codable.userInfo }
        set { updateOptions { $0.codable.userInfo = newValue } }
    }

    /// JSON5 is not read: setting `true` makes every decode throw, rather than read JSON5 text
    /// as something else.
    public var allowsJSON5: Bool {
        get { options.codable.allowsJSON5 }
        set { updateOptions { $0.codable.allowsJSON5 = newValue } }
    }

    /// As `JSONDecoder`'s: the input is the members of an object without its braces
    /// (`"a": 1, "b": 2`), as some configuration files are written; input that starts with `{`
    /// is read as it is.
    public var assumesTopLevelDictionary: Bool {
        get { options.codable.assumesTopLevelDictionary }
        set { updateOptions { $0.codable.assumesTopLevelDictionary = newValue } }
    }
}
