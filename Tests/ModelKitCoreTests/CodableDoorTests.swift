import Foundation
import Testing
@testable import ModelKitCore

/// The Codable door (`CodingDoor`): a type that is no model, decoded or encoded with a
/// default-configured `ModelDecoder()` / `ModelEncoder()`, gives what `JSONDecoder()` /
/// `JSONEncoder()` give: values, error case and coding path, bytes. Models keep ModelKit's table.
@Suite struct CodableDoorTests {
    struct Stamp: Codable, Equatable {
        var at: Date
        var count: Int
        var ok: Bool
    }

    struct Link: Codable, Equatable {
        var url: String
        var when: Date
        var blob: Data
        var empty: [Int] = []
        var nothing: [String: Int] = [:]
    }

    /// Decodes with both default-configured decoders (or configured alike by `configure`); records
    /// a difference in value, error case or coding path.
    func same<T: Decodable>(_ type: T.Type, _ json: String, configure: (JSONDecoder, ModelDecoder) -> Void = { _, _ in },
                            sourceLocation: SourceLocation = #_sourceLocation) {
        let foundation = JSONDecoder(), model = ModelDecoder()
        configure(foundation, model)
        if let finding = Oracle.compare(T.self, Array(json.utf8), foundation: foundation, model: model) {
            Issue.record("\(finding)", sourceLocation: sourceLocation)
        }
    }

    // MARK: Defaults

    @Test func aDateJSONEncoderWroteIsReadAsJSONDecoderReadsIt() throws {
        let stamp = Stamp(at: Date(timeIntervalSinceReferenceDate: 1_000_000.5), count: 1, ok: true)
        let written = try JSONEncoder().encode(stamp)
        #expect(try ModelDecoder().decode(Stamp.self, from: written) == stamp)
        #expect(try ModelDecoder().decode(Date.self, from: "1000000.5") == stamp.at)
        #expect(try ModelDecoder().decode([Date].self, from: "[1000000.5]") == [stamp.at])
        same(Stamp.self, #"{"at":1000000.5,"count":1,"ok":true}"#)
        // Seconds since 2001 are a plain Double to JSONDecoder: any finite one, past year 9999 too.
        same(Date.self, "1e20")
        same([Date].self, "[-1e15, 1e300]")
    }

    @Test func conversionIsStrictUnlessSet() {
        withKnownIssue(Oracle.Known.numberErrorPath.reason) { same(Stamp.self, #"{"at":0,"count":1.9,"ok":true}"#) }
        #expect(throws: DecodingError.self) { try ModelDecoder().decode(Stamp.self, from: #"{"at":0,"count":1.9,"ok":true}"#) }
        same(Stamp.self, #"{"at":0,"count":"1","ok":true}"#)
        same(Stamp.self, #"{"at":0,"count":1,"ok":"yes"}"#)
        same(Stamp.self, #"{"at":"2013-08-29T10:43:38Z","count":1,"ok":true}"#)
        same(Int.self, "1.9")
        same([Bool].self, #"[true,"yes"]"#)
        same(Double.self, #""INF""#)
        // Set explicitly, lenient conversion applies on this door too.
        let lenient = ModelDecoder(options: DecodingOptions(conversion: .lenient))
        #expect((try? lenient.decode(Stamp.self, from: #"{"at":0,"count":"1","ok":"yes"}"#)) == Stamp(at: Date(timeIntervalSinceReferenceDate: 0), count: 1, ok: true))
    }

    @Test func standardValuesAtTheTopLevelThrowDecodingError() {
        same(Int.self, "null")
        same(Int.self, #""7""#)
        same([Int].self, #"[1,"x"]"#)
        same([String: Int].self, #"{"a":true}"#)
        same(Bool.self, "[]")
        #expect(throws: DecodingError.self) { try ModelDecoder().decode(Int.self, from: "{}") }
    }

    @Test func modelsKeepModelKitsDefaults() throws {
        // The model door: lenient conversion and `.automatic` dates, ModelDecodingError.
        let user = try ModelDecoder().decode(User.self, from: #"{"id":"7","name":"u"}"#)
        #expect(user.id == 7)
        #expect(throws: ModelDecodingError.self) { try ModelDecoder().decode(User.self, from: "[]") }
        #expect(CodingDoor.takesModelDoor(User.self) && CodingDoor.takesModelDoor([User].self))
        #expect(CodingDoor.takesModelDoor([String: [User]].self) && CodingDoor.takesModelDoor(JSONValue.self))
        #expect(!CodingDoor.takesModelDoor(Int.self) && !CodingDoor.takesModelDoor([Date].self) && !CodingDoor.takesModelDoor(Data?.self))
    }

    @Test func encodingGivesJSONEncodersBytes() throws {
        let link = Link(url: "https://a/b", when: Date(timeIntervalSinceReferenceDate: 12.25), blob: Data([1, 2]))
        let foundation = JSONEncoder()
        let ours = ModelEncoder()
        for formatting in [[], [JSONEncoder.OutputFormatting.sortedKeys], [.sortedKeys, .prettyPrinted],
                           [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]] as [JSONEncoder.OutputFormatting] {
            foundation.outputFormatting = formatting
            ours.outputFormatting = formatting
            let expected = try foundation.encode(link)
            let actual: Data = try ours.encode(link)
            if formatting.contains(.sortedKeys) {
                #expect(String(decoding: actual, as: UTF8.self) == String(decoding: expected, as: UTF8.self), "\(formatting)")
            } else {
                #expect(try sameJSON(Array(actual), expected))
            }
        }
        // Standard values at the top level too.
        #expect(try ModelEncoder().encode(Date(timeIntervalSinceReferenceDate: 3)) == JSONEncoder().encode(Date(timeIntervalSinceReferenceDate: 3)))
        #expect(try ModelEncoder().encode(["a/b"]) == JSONEncoder().encode(["a/b"]))
        let pretty = ModelEncoder(), prettyFoundation = JSONEncoder()
        pretty.outputFormatting = .prettyPrinted
        prettyFoundation.outputFormatting = .prettyPrinted
        #expect(try pretty.encode([[Int]]()) == prettyFoundation.encode([[Int]]()))
        #expect(try pretty.encode([[Int]()]) == prettyFoundation.encode([[Int]()]))
        // Models keep ModelKit's: ISO 8601 dates, `/` as is.
        #expect(try String(decoding: ModelEncoder().encode(User(id: 1, name: "a/b")) as Data, as: UTF8.self) == #"{"id":1,"name":"a/b","tags":[]}"#)
    }

    struct Dated: Model, SchemaCodable, Equatable {
        var at = Date(timeIntervalSince1970: 0)
        var count = 0
        static let schema = Schema(Dated.self) {
            Field("at", \.at)
            Field("count", \.count)
        }
    }

    struct DatedEnvelope: Codable, Equatable {
        var stamp: Date
        var inner: Dated
    }

    @Test func aModelInsideACodableTypeKeepsItsOwnTable() throws {
        var inner = Dated()
        inner.at = Date(timeIntervalSince1970: 1_377_773_018)
        inner.count = 7
        let envelope = DatedEnvelope(stamp: Date(timeIntervalSinceReferenceDate: 2), inner: inner)
        // The envelope's own date is JSONEncoder's; the model's is its own (ISO 8601), as through its Codable conformance.
        let text = #"{"stamp":2,"inner":{"at":"2013-08-29T10:43:38Z","count":"7"}}"#
        #expect(try ModelDecoder().decode(DatedEnvelope.self, from: text) == envelope)
        #expect(try JSONDecoder().decode(DatedEnvelope.self, from: Data(text.utf8)) == envelope)
        let written: [UInt8] = try ModelEncoder().encode(envelope)
        #expect(try sameJSON(written, JSONEncoder().encode(envelope)))
        #expect(String(decoding: written, as: UTF8.self) == #"{"stamp":2,"inner":{"at":"2013-08-29T10:43:38Z","count":7}}"#)
    }

    // MARK: Foundation's spelling

    @Test func foundationsSpellingCompiles() throws {
        let encoder = ModelEncoder()
        let body: Data = try encoder.encode(Stamp(at: Date(), count: 1, ok: true))
        let bytes: [UInt8] = try encoder.encode([1, 2])
        #expect(String(data: try encoder.encode([1]), encoding: .utf8) == "[1]")
        #expect(!body.isEmpty && bytes == Array("[1,2]".utf8))
        let decoder = ModelDecoder()
        let dates: ModelDecoder.DateDecodingStrategy = .secondsSince1970
        let keys: ModelDecoder.KeyDecodingStrategy = .convertFromSnakeCase
        let data: ModelDecoder.DataDecodingStrategy = .base64
        let floats: ModelDecoder.NonConformingFloatDecodingStrategy = .throw
        decoder.dateDecodingStrategy = dates
        decoder.keyDecodingStrategy = keys
        decoder.dataDecodingStrategy = data
        decoder.nonConformingFloatDecodingStrategy = floats
        let formatting: ModelEncoder.OutputFormatting = [.sortedKeys]
        let encodedDates: ModelEncoder.DateEncodingStrategy = .iso8601
        let encodedData: ModelEncoder.DataEncodingStrategy = .base64
        let encodedFloats: ModelEncoder.NonConformingFloatEncodingStrategy = .throw
        let encodedKeys: ModelEncoder.KeyEncodingStrategy = .convertToSnakeCase
        encoder.outputFormatting = formatting
        encoder.dateEncodingStrategy = encodedDates
        encoder.dataEncodingStrategy = encodedData
        encoder.nonConformingFloatEncodingStrategy = encodedFloats
        encoder.keyEncodingStrategy = encodedKeys
        #expect(try decoder.decode(Stamp.self, from: #"{"at":1,"count":2,"ok":false}"#).at == Date(timeIntervalSince1970: 1))
        // The getters report JSONDecoder's and JSONEncoder's defaults on a default coder.
        if case .deferredToDate = ModelDecoder().dateDecodingStrategy {} else { Issue.record("decoder's default dates") }
        if case .deferredToDate = ModelEncoder().dateEncodingStrategy {} else { Issue.record("encoder's default dates") }
    }

    struct Scaled: DecodableWithConfiguration, EncodableWithConfiguration, Equatable {
        var value: Int
        init(value: Int) { self.value = value }
        init(from decoder: any Decoder, configuration: Int) throws {
            value = try decoder.singleValueContainer().decode(Int.self) * configuration
        }
        func encode(to encoder: any Encoder, configuration: Int) throws {
            var container = encoder.singleValueContainer()
            try container.encode(value * configuration)
        }
    }

    enum Triple: DecodingConfigurationProviding, EncodingConfigurationProviding {
        static var decodingConfiguration: Int { 3 }
        static var encodingConfiguration: Int { 3 }
    }

    @Test func valuesWithAConfigurationDecodeAndEncode() throws {
        #expect(try ModelDecoder().decode(Scaled.self, from: Array("7".utf8), configuration: 2) == Scaled(value: 14))
        #expect(try ModelDecoder().decode(Scaled.self, from: Array("7".utf8), configuration: Triple.self) == Scaled(value: 21))
        #expect(try ModelEncoder().encode(Scaled(value: 5), configuration: 2) == JSONEncoder().encode(Scaled(value: 5), configuration: 2))
        #expect(try ModelEncoder().encode(Scaled(value: 5), configuration: Triple.self) == Data("15".utf8))
    }

    @Test func assumesTopLevelDictionaryReadsMembersWithoutBraces() {
        struct Pair: Codable, Equatable { var a: Int; var b: String }
        let configure: (JSONDecoder, ModelDecoder) -> Void = { $0.assumesTopLevelDictionary = true; $1.assumesTopLevelDictionary = true }
        same(Pair.self, #""a": 1, "b": "x""#, configure: configure)
        same(Pair.self, #" {"a": 2, "b": "y"} "#, configure: configure)
        same([String: Int].self, "", configure: configure)
        same(Int.self, "1", configure: configure)
    }

    // MARK: Strategies wherever Foundation applies them

    @Test func dataStrategiesApplyToStandardValues() {
        let deferred: (JSONDecoder, ModelDecoder) -> Void = { $0.dataDecodingStrategy = .deferredToData; $1.dataDecodingStrategy = .deferredToData }
        same(Data.self, "[222,173,190,239]", configure: deferred)
        same(Data?.self, "[1]", configure: deferred)
        same([Data].self, "[[1],[2,3]]", configure: deferred)
        same([String: Data].self, #"{"k":[4]}"#, configure: deferred)
        let custom: (JSONDecoder, ModelDecoder) -> Void = { foundation, model in
            let strategy = JSONDecoder.DataDecodingStrategy.custom { decoder in Data(try decoder.singleValueContainer().decode(String.self).utf8) }
            foundation.dataDecodingStrategy = strategy
            model.dataDecodingStrategy = strategy
        }
        same(Data.self, #""abc""#, configure: custom)
        same([Data].self, #"["abc",1]"#, configure: custom)
        // ModelKit reads its own output back.
        let encoder = ModelEncoder()
        encoder.dataEncodingStrategy = .deferredToData
        let decoder = ModelDecoder()
        decoder.dataDecodingStrategy = .deferredToData
        #expect((try? decoder.decode(Data.self, from: encoder.encode(Data([9, 8])) as [UInt8])) == Data([9, 8]))
    }

    @Test func nonConformingFloatStrategyAppliesToStandardValues() {
        let strings: (JSONDecoder, ModelDecoder) -> Void = { foundation, model in
            let strategy = JSONDecoder.NonConformingFloatDecodingStrategy.convertFromString(positiveInfinity: "+Infinity", negativeInfinity: "-Infinity", nan: "NaN")
            foundation.nonConformingFloatDecodingStrategy = strategy
            model.nonConformingFloatDecodingStrategy = strategy
        }
        same(Double.self, #""+Infinity""#, configure: strings)
        same(Float.self, #""-Infinity""#, configure: strings)
        same([Double].self, #"[1,"-Infinity"]"#, configure: strings)
        same([String: Double].self, #"{"a":"+Infinity"}"#, configure: strings)
    }

    @Test func customDateStrategyGetsEveryJSONValue() {
        let custom: (JSONDecoder, ModelDecoder) -> Void = { foundation, model in
            let strategy = JSONDecoder.DateDecodingStrategy.custom { decoder in
                var container = try decoder.unkeyedContainer()
                return Date(timeIntervalSince1970: try container.decode(Double.self))
            }
            foundation.dateDecodingStrategy = strategy
            model.dateDecodingStrategy = strategy
        }
        same([Date].self, "[[1]]", configure: custom)
        same(Date.self, "[2]", configure: custom)
        same([String: Date].self, #"{"a":[3]}"#, configure: custom)
    }

    @Test func dictionaryKeysAreLeftAsWrittenUnderAKeyStrategy() {
        let snake: (JSONDecoder, ModelDecoder) -> Void = { $0.keyDecodingStrategy = .convertFromSnakeCase; $1.keyDecodingStrategy = .convertFromSnakeCase }
        same([String: [String: Int]].self, #"{"top_level":{"a_b":1}}"#, configure: snake)
        same([String: Int].self, #"{"top_level":1}"#, configure: snake)
        same([String: Stamp].self, #"{"top_level":{"at":0,"count":1,"ok":true}}"#, configure: snake)
        // Errors name a dictionary's key as written too (found by swift-foundation's
        // decodingDictionaryFailureKeyPath, run with ModelDecoder).
        same([String: Int].self, #"{"leave_me_alone":"test"}"#, configure: snake)
        same([String: Stamp].self, #"{"top_level":{"at":0,"count":"x","ok":true}}"#, configure: snake)
        same([String: [String: Int]].self, #"{"top_level":{"a_b":"x"}}"#, configure: snake)
    }

    /// Encodes `value` with both encoders configured alike (keys sorted: JSONEncoder on Linux
    /// writes hash order) and records a difference in the bytes or in whether either threw.
    func sameBytes<T: Encodable>(_ value: T, configure: (JSONEncoder, ModelEncoder) -> Void = { _, _ in },
                                 sourceLocation: SourceLocation = #_sourceLocation) {
        let foundation = JSONEncoder(), model = ModelEncoder()
        foundation.outputFormatting = .sortedKeys
        model.outputFormatting = .sortedKeys
        configure(foundation, model)
        let expected = Result { try foundation.encode(value) }.map { String(decoding: $0, as: UTF8.self) }
        let actual = Result { () throws -> Data in try model.encode(value) }.map { String(decoding: $0, as: UTF8.self) }
        switch (expected, actual) {
        case (.success(let a), .success(let b)): #expect(a == b, "\(value)", sourceLocation: sourceLocation)
        case (.failure, .failure): break
        default: Issue.record("JSONEncoder \(expected), ModelEncoder \(actual)", sourceLocation: sourceLocation)
        }
    }

    /// JSONEncoder writes a float's `description` without a trailing `.0` (found by
    /// swift-corelibs-foundation's test_encodingTopLevelFragments, run with ModelEncoder).
    @Test func wholeFloatingPointNumbersAreWrittenWithoutAFraction() {
        for value: Float in [1, -3, 2.5, 0, -0.0, 16_777_216, 1e10, 0.1, 3.4e38] { sameBytes(value) }
        for value: Double in [1, 1e15, -1e15, 1e15 + 1, 9_007_199_254_740_992, 1e16, 123_456_789_012_345, 0.1, -0.0] { sameBytes(value) }
        sameBytes([Float(1), 2.5])
        sameBytes(Stamp(at: Date(timeIntervalSinceReferenceDate: 1e15), count: 1, ok: true))
    }

    /// `.iso8601` set on the Codable door writes whole seconds, as JSONEncoder's ISO 8601 style
    /// does (found by FuzzOracle's encoder comparison); models keep their fractional seconds.
    @Test func iso8601DatesAreWrittenInWholeSecondsAsJSONEncoderWritesThem() throws {
        let iso: (JSONEncoder, ModelEncoder) -> Void = { $0.dateEncodingStrategy = .iso8601; $1.dateEncodingStrategy = .iso8601 }
        for seconds in [1_709_224_376.202667, -0.5, 0, 1e9 + 0.999_999, -86_400.25] {
            let date = Date(timeIntervalSince1970: seconds)
            sameBytes(date, configure: iso)
            sameBytes(Stamp(at: date, count: 1, ok: true), configure: iso)
            sameBytes([date], configure: iso)
        }
    }

    /// `.millisecondsSince1970` on the Codable door keeps the fraction of a millisecond, as
    /// JSONEncoder writes it (models round to whole milliseconds).
    @Test func millisecondsAreWrittenAsJSONEncoderWritesThem() {
        let milliseconds: (JSONEncoder, ModelEncoder) -> Void = {
            $0.dateEncodingStrategy = .millisecondsSince1970
            $1.dateEncodingStrategy = .millisecondsSince1970
        }
        for seconds in [1_709_224_376.202667, -0.0005, 0, 1e9 + 0.999_999_9] {
            sameBytes(Date(timeIntervalSince1970: seconds), configure: milliseconds)
            sameBytes(Stamp(at: Date(timeIntervalSince1970: seconds), count: 2, ok: false), configure: milliseconds)
        }
    }

    /// A `.custom` date or data strategy that writes nothing gives `{}`, at the top level too
    /// (found by swift-foundation's encodingDateCustomEmpty and encodingDataCustomEmpty).
    @Test func aCustomStrategyThatWritesNothingGivesAnEmptyObject() {
        let dates: (JSONEncoder, ModelEncoder) -> Void = { $0.dateEncodingStrategy = .custom { _, _ in }; $1.dateEncodingStrategy = .custom { _, _ in } }
        let data: (JSONEncoder, ModelEncoder) -> Void = { $0.dataEncodingStrategy = .custom { _, _ in }; $1.dataEncodingStrategy = .custom { _, _ in } }
        let date = Date(timeIntervalSinceReferenceDate: 0)
        sameBytes(date, configure: dates)
        sameBytes(Optional(date), configure: dates)
        sameBytes([date], configure: dates)
        sameBytes(Data([1, 2]), configure: data)
        sameBytes(Optional(Data([1, 2])), configure: data)
        sameBytes([Data([1, 2])], configure: data)
    }

    /// `.convertToSnakeCase` splits words where JSONEncoder does: at letters whose general
    /// category is upper or lower case, not at every scalar Unicode calls cased; and never traps
    /// (found by swift-foundation's encodingKeyStrategySnake: `aB\u{345}C` crashed).
    @Test func snakeCaseKeysSplitWhereJSONEncoderSplits() {
        struct Keys: Encodable {
            enum CodingKeys: String, CodingKey {
                case combining = "aB\u{345}C", circled = "a\u{24B6}b", acronym = "myURLValue", title = "a\u{01C5}ungla"
                case zalgo = "z\u{0351}a\u{0353}L\u{0360}g\u{0362}O", plain = "already_snake", digits = "value2Go"
            }
            var combining = 1, circled = 2, acronym = 3, title = 4, zalgo = 5, plain = 6, digits = 7
        }
        sameBytes(Keys()) { $0.keyEncodingStrategy = .convertToSnakeCase; $1.keyEncodingStrategy = .convertToSnakeCase }
    }

    @Test func allKeysListsAKeyOnceWhenTheStrategyMapsTwoOntoIt() throws {
        struct Keys: Decodable {
            var keys: [String]
            init(from decoder: any Decoder) throws {
                keys = try decoder.container(keyedBy: AnyKey.self).allKeys.map(\.stringValue)
            }
        }
        struct AnyKey: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }
        let json = Data(#"{"one_two":1,"oneTwo":2}"#.utf8)
        let foundation = JSONDecoder(), model = ModelDecoder()
        foundation.keyDecodingStrategy = .convertFromSnakeCase
        model.keyDecodingStrategy = .convertFromSnakeCase
        #expect(try model.decode(Keys.self, from: json).keys == foundation.decode(Keys.self, from: json).keys)
    }
}
