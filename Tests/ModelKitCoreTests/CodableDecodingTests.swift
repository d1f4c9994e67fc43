import Foundation
import Testing
@testable import ModelKitCore

private struct Numbers: Codable, Equatable {
    var u64: UInt64
    var i64: Int64
    var i8: Int8
    var d: Double
    var f: Float
    var dec: Decimal
}

private struct Holder<T: Codable & Equatable>: Codable, Equatable {
    var value: T
}

/// Hand-written containers: nested keyed/unkeyed, superDecoder, out-of-order keys.
private struct Shape: Decodable, Equatable {
    var name: String
    var points: [[Int]]
    var origin: [String: Int]
    var base: String
    var tags: [String]

    enum CodingKeys: String, CodingKey { case name, geometry, base, tags }
    enum GeometryKeys: String, CodingKey { case points, origin }
    enum OriginKeys: String, CodingKey { case x, y }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        // Asked in reverse document order on purpose.
        var tagList = try container.nestedUnkeyedContainer(forKey: .tags)
        var tags: [String] = []
        while !tagList.isAtEnd { tags.append(try tagList.decode(String.self)) }
        self.tags = tags
        let superDecoder = try container.superDecoder(forKey: .base)
        base = try superDecoder.singleValueContainer().decode(String.self)
        let geometry = try container.nestedContainer(keyedBy: GeometryKeys.self, forKey: .geometry)
        var pointList = try geometry.nestedUnkeyedContainer(forKey: .points)
        var points: [[Int]] = []
        while !pointList.isAtEnd {
            var pair = try pointList.nestedUnkeyedContainer()
            points.append([try pair.decode(Int.self), try pair.decode(Int.self)])
        }
        self.points = points
        let origin = try geometry.nestedContainer(keyedBy: OriginKeys.self, forKey: .origin)
        self.origin = ["x": try origin.decode(Int.self, forKey: .x), "y": try origin.decode(Int.self, forKey: .y)]
        name = try container.decode(String.self, forKey: .name)
    }
}

struct CodableDecodingTests {
    let strict = ModelDecoder(options: DecodingOptions(conversion: .strict))

    @Test func numbersAtTheEdges() throws {
        let json = #"{"u64":18446744073709551615,"i64":-9223372036854775808,"i8":-128,"d":0.1,"f":3.4028235e38,"dec":3.14159265358979323846264338327950288}"#
        let value = try strict.decode(Numbers.self, from: json)
        #expect(value.u64 == .max)
        #expect(value.i64 == .min)
        #expect(value.i8 == -128)
        #expect(value.d == 0.1)
        #expect(value.f == .greatestFiniteMagnitude)
        #expect(value.dec == Decimal(string: "3.14159265358979323846264338327950288"))
        #expect(value == (try JSONDecoder().decode(Numbers.self, from: Data(json.utf8))))
    }

    @Test func numbersOutOfRangeAreCorruptedData() throws {
        for json in [#"{"value":128}"#, #"{"value":-129}"#, #"{"value":1e3}"#] {
            #expect(throws: DecodingError.self) { try strict.decode(Holder<Int8>.self, from: json) }
            do {
                _ = try strict.decode(Holder<Int8>.self, from: json)
            } catch DecodingError.dataCorrupted(let context) {
                #expect(context.codingPath.map(\.stringValue) == ["value"])
                let located = try #require(context.underlyingError as? ModelDecodingError)
                #expect(located.path == "$.value")
                #expect(located.byteOffset == 9)
            } catch DecodingError.typeMismatch(_, let context) {
                // 1e3 is not an integer literal in strict mode.
                #expect(json.contains("e"))
                #expect(context.codingPath.map(\.stringValue) == ["value"])
            }
        }
        #expect(throws: DecodingError.self) { try strict.decode(Holder<UInt64>.self, from: #"{"value":18446744073709551616}"#) }
        #expect(throws: DecodingError.self) { try strict.decode(Holder<UInt8>.self, from: #"{"value":-1}"#) }
    }

    /// A floating-point or `Decimal` number that does not fit is corrupted data too, as
    /// `JSONDecoder` says: told by the failure's kind, not by its message.
    @Test func floatingPointOutOfRangeIsCorruptedData() throws {
        func isCorrupted<T: Codable & Equatable>(_ type: T.Type, _ json: String) -> Bool {
            do {
                _ = try strict.decode(Holder<T>.self, from: json)
                return false
            } catch DecodingError.dataCorrupted(let context) {
                return (context.underlyingError as? ModelDecodingError)?.path == "$.value"
            } catch {
                return false
            }
        }
        #expect(isCorrupted(Double.self, #"{"value":1e400}"#))
        #expect(isCorrupted(Float.self, #"{"value":1e39}"#))
        #expect(isCorrupted(Double.self, #"{"value":1e-400}"#))
        #expect(isCorrupted(Decimal.self, #"{"value":1e300}"#))
        // The wrong JSON type stays a type mismatch.
        #expect(!isCorrupted(Double.self, #"{"value":"1"}"#))
    }

    @Test func keyNotFoundHasPathAndPosition() throws {
        let json = "{\"items\":[{\"value\":1},\n {\"other\":2}]}"
        do {
            _ = try strict.decode(Holder<[Holder<Int>]>.self, from: json.replacingOccurrences(of: "items", with: "value"))
            Issue.record("expected an error")
        } catch DecodingError.keyNotFound(let key, let context) {
            #expect(key.stringValue == "value")
            #expect(context.codingPath.map(\.stringValue) == ["value", "Index 1"])
            let located = try #require(context.underlyingError as? ModelDecodingError)
            #expect(located.path == "$.value[1]")
            #expect(located.line == 2)
            #expect(located.column == 2)
            #expect(located.reason == .missingKey("value"))
        }
    }

    @Test func typeMismatchHasPathAndPosition() throws {
        do {
            _ = try strict.decode(Holder<[Int]>.self, from: #"{"value":[1,2,"three"]}"#)
            Issue.record("expected an error")
        } catch DecodingError.typeMismatch(let type, let context) {
            #expect(type is Int.Type)
            #expect(context.codingPath.map(\.stringValue) == ["value", "Index 2"])
            #expect(context.codingPath.last?.intValue == 2)
            let located = try #require(context.underlyingError as? ModelDecodingError)
            #expect(located.path == "$.value[2]")
            #expect(located.byteOffset == 14)
            #expect(located.column == 15)
        }
    }

    @Test func valueNotFoundForNull() throws {
        do {
            _ = try ModelDecoder().decode(Holder<String>.self, from: #"{"value":null}"#)
            Issue.record("expected an error")
        } catch DecodingError.valueNotFound(let type, let context) {
            #expect(type is String.Type)
            #expect(context.codingPath.map(\.stringValue) == ["value"])
            #expect((context.underlyingError as? ModelDecodingError)?.path == "$.value")
        }
        // Optional: null is nil, and a missing key too.
        #expect(try ModelDecoder().decode(Holder<String?>.self, from: #"{"value":null}"#).value == nil)
    }

    @Test func endOfUnkeyedContainerIsValueNotFound() throws {
        struct Pair: Decodable {
            init(from decoder: any Decoder) throws {
                var list = try decoder.unkeyedContainer()
                _ = try list.decode(Int.self)
                _ = try list.decode(Int.self)
            }
        }
        #expect {
            try ModelDecoder().decode(Pair.self, from: "[1]")
        } throws: { error in
            guard case DecodingError.valueNotFound(_, let context) = error else { return false }
            return context.codingPath.first?.intValue == 1 && context.underlyingError is ModelDecodingError
        }
    }

    @Test func syntaxErrorsAreDataCorruptedAndLocatedLikeTheSchemaPath() throws {
        for json in ["{\"value\":[1,2,}", "{\"value\":\"\\uD800\"}", "{\"value\":1} x", "", "{\"value\":\u{0C}1}", "[1,\u{FF}]"] {
            let schemaError = #expect(throws: ModelDecodingError.self) { try ModelDecoder().decode(JSONValue.self, from: json) }
            do {
                _ = try ModelDecoder().decode(Holder<[Int]>.self, from: json)
                Issue.record("expected an error for \(json)")
            } catch DecodingError.dataCorrupted(let context) {
                let located = try #require(context.underlyingError as? ModelDecodingError)
                guard case .syntax = located.reason else { Issue.record("\(located)"); continue }
                #expect(located == schemaError, "\(json)")
            }
        }
    }

    @Test func limitsApply() throws {
        var options = DecodingOptions()
        options.limits.maxDepth = 3
        #expect(throws: DecodingError.self) { try ModelDecoder(options: options).decode(Holder<[[[Int]]]>.self, from: #"{"value":[[[1]]]}"#) }
        options = DecodingOptions()
        options.limits.maxStringBytes = 4
        #expect(throws: DecodingError.self) { try ModelDecoder(options: options).decode(Holder<String>.self, from: #"{"value":"hello"}"#) }
        options = DecodingOptions()
        options.limits.maxInputBytes = 8
        #expect(throws: DecodingError.self) { try ModelDecoder(options: options).decode(Holder<String>.self, from: #"{"value":"hello"}"#) }
    }

    @Test func nestedContainersSuperDecoderAndAnyKeyOrder() throws {
        let json = #"{"name":"tri","geometry":{"origin":{"y":2,"x":1},"points":[[0,0],[1,0],[0,1]]},"base":"shape","tags":["a","b"]}"#
        let shape = try ModelDecoder().decode(Shape.self, from: json)
        #expect(shape == (try JSONDecoder().decode(Shape.self, from: Data(json.utf8))))
        #expect(shape.points == [[0, 0], [1, 0], [0, 1]])
        #expect(shape.origin == ["x": 1, "y": 2])
    }

    /// Coding paths are kept as tape positions and made into keys only for an error: through
    /// nested containers, a super decoder and an escaped key they must read as JSONDecoder's.
    @Test func codingPathsOfErrorsInNestedContainersMatchFoundation() throws {
        let base = #"{"name":"tri","geometry":{"origin":{"y":2,"x":1},"points":[[0,0],[1,0],[0,1]]},"base":"shape","tags":["a","b"]}"#
        let broken = [
            base.replacingOccurrences(of: "[0,1]]", with: #"[0,"one"]]"#),
            base.replacingOccurrences(of: #""x":1"#, with: #""x":null"#),
            base.replacingOccurrences(of: #""base":"shape""#, with: #""base":5"#),
            base.replacingOccurrences(of: #"["a","b"]"#, with: #"["a",{}]"#),
            base.replacingOccurrences(of: #""geometry":"#, with: #""g\u0065ometry":"#)
                .replacingOccurrences(of: #""points":[[0,0],"#, with: #""points":[[0,true],"#),
        ]
        for json in broken {
            func path(_ decode: () throws -> Shape) -> [String]? {
                do { _ = try decode() } catch let error as DecodingError {
                    switch error {
                    case .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context), .dataCorrupted(let context):
                        return context.codingPath.map(\.stringValue)
                    @unknown default: return nil
                    }
                } catch { return nil }
                return nil
            }
            let ours = path { try ModelDecoder(options: DecodingOptions(conversion: .strict)).decode(Shape.self, from: json) }
            let foundation = path { try JSONDecoder().decode(Shape.self, from: Data(json.utf8)) }
            #expect(ours != nil)
            #expect(ours == foundation, "\(json)")
        }
    }

    @Test func escapedStringsAndKeysAreUnescaped() throws {
        let json = #"{"v\u0061lue":"a\"b\\c\u00e9\ud83d\ude00"}"#
        #expect(try ModelDecoder().decode(Holder<String>.self, from: json).value == "a\"b\\cé😀")
    }

    @Test func foundationTypesFollowTheOptions() throws {
        struct Types: Codable, Equatable {
            var date: Date
            var data: Data
            var url: URL
            var id: UUID
        }
        let json = #"{"date":"2013-08-29T10:43:38Z","data":"aGVsbG8=","url":"https://example.com/a?b=c","id":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F"}"#
        let value = try ModelDecoder(options: DecodingOptions(dates: .automatic)).decode(Types.self, from: json)
        #expect(value.date == Date(timeIntervalSince1970: 1_377_773_018))
        // Unless set, JSONDecoder's `.deferredToDate`: seconds since 2001, and an ISO string refused.
        #expect(try ModelDecoder().decode(Holder<Date>.self, from: #"{"value":1.5}"#).value == Date(timeIntervalSinceReferenceDate: 1.5))
        #expect(throws: DecodingError.self) { try ModelDecoder().decode(Types.self, from: json) }
        #expect(value.data == Data("hello".utf8))
        #expect(value.url == URL(string: "https://example.com/a?b=c"))
        let millis = ModelDecoder(options: DecodingOptions(dates: .millisecondsSince1970))
        #expect(try millis.decode(Holder<Date>.self, from: #"{"value":1500}"#).value == Date(timeIntervalSince1970: 1.5))
        #expect(throws: DecodingError.self) { try ModelDecoder().decode(Holder<Data>.self, from: #"{"value":"not base64!"}"#) }
    }

    @Test func conversionOptionDecidesScalars() throws {
        // Lenient, when set, converts as the schema path does; strict (the Codable door's default) matches JSONDecoder.
        let lenient = ModelDecoder(options: DecodingOptions(conversion: .lenient))
        #expect(try lenient.decode(Holder<Int>.self, from: #"{"value":"42"}"#).value == 42)
        #expect(try lenient.decode(Holder<String>.self, from: #"{"value":42}"#).value == "42")
        #expect(throws: DecodingError.self) { try ModelDecoder().decode(Holder<Int>.self, from: #"{"value":"42"}"#) }
        #expect(throws: DecodingError.self) { try ModelDecoder().decode(Holder<Int>.self, from: #"{"value":1.9}"#) }
        #expect(throws: DecodingError.self) { try ModelDecoder().decode(Holder<Bool>.self, from: #"{"value":"yes"}"#) }
        #expect(throws: DecodingError.self) { try strict.decode(Holder<Int>.self, from: #"{"value":"42"}"#) }
        #expect(throws: DecodingError.self) { try strict.decode(Holder<String>.self, from: #"{"value":42}"#) }
        #expect(throws: DecodingError.self) { try strict.decode(Holder<Int>.self, from: #"{"value":1.5}"#) }
    }

    @Test func topLevelScalarsAndArraysOfCodable() throws {
        #expect(try ModelDecoder().decode([Holder<Int>].self, from: #"[{"value":1},{"value":2}]"#).map(\.value) == [1, 2])
        #expect(try ModelDecoder().decode(Int.self, from: "7") == 7)
        #expect(try ModelDecoder().decode(Holder<Int>?.self, from: "null") == nil)
    }

    @Test func zeroCopyFromARawBuffer() throws {
        let bytes = Array(#"{"value":"in place"}"#.utf8)
        let value = try bytes.withUnsafeBytes { try ModelDecoder().decode(Holder<String>.self, from: $0) }
        #expect(value.value == "in place")
    }

    /// Every prefix of a document is refused with a located syntax error at or before its end; a
    /// document with one byte changed either decodes or fails with a located error.
    @Test func truncatedOrMutatedInputFailsLocated() throws {
        let json = Array(#"{"statuses":[{"id":1,"text":"a\u00e9","user":{"name":"x"}}],"n":[1.5e3,-0,2e0,null]}"#.utf8)
        struct Loose: Decodable { var statuses: [JSONValue]?; var n: [Double?]? }
        func located(_ error: any Error, _ input: some Collection<UInt8>) -> ModelDecodingError? {
            let decodingError = error as? DecodingError
            var context: DecodingError.Context?
            switch decodingError {
            case .dataCorrupted(let c)?, .typeMismatch(_, let c)?, .valueNotFound(_, let c)?, .keyNotFound(_, let c)?: context = c
            default: break
            }
            guard let inner = context?.underlyingError as? ModelDecodingError else {
                Issue.record("not a located DecodingError: \(error) for \(String(decoding: input, as: UTF8.self))")
                return nil
            }
            #expect((0...input.count).contains(inner.byteOffset), "\(inner)")
            return inner
        }
        #expect(try ModelDecoder().decode(Loose.self, from: json).n?.count == 4)
        var mutatedDecodes = 0
        for cut in 0..<json.count {
            let prefix = json[0..<cut]
            let error = try #require(throws: (any Error).self, "prefix \(cut)") { try ModelDecoder().decode(Loose.self, from: prefix) }
            if let inner = located(error, prefix) {
                guard case .syntax = inner.reason else {
                    Issue.record("prefix \(cut): \(inner)")
                    continue
                }
            }
            var mutated = json
            mutated[cut] = UInt8(truncatingIfNeeded: mutated[cut] &+ 1)
            do {
                _ = try ModelDecoder().decode(Loose.self, from: mutated)
                mutatedDecodes += 1
            } catch {
                _ = located(error, mutated)
            }
        }
        // Some one-byte changes keep a valid document (a digit, a letter inside a string).
        #expect(mutatedDecodes > 0 && mutatedDecodes < json.count)
    }

    /// A `JSONValue` holding null inside a Codable type threw `valueNotFound`; `JSONDecoder`
    /// reads `.null` (and ModelEncoder writes it), as a property, an element and a dictionary value.
    @Test func aNullJSONValueInsideACodableTypeIsNull() throws {
        struct Holder: Codable, Equatable { var meta: JSONValue; var list: [JSONValue]; var map: [String: JSONValue] }
        let json = #"{"meta":null,"list":[1,null],"map":{"a":null}}"#
        let expected = try JSONDecoder().decode(Holder.self, from: Data(json.utf8))
        #expect(expected.meta == .null && expected.list == [1, .null] && expected.map == ["a": .null])
        let decoded = try ModelDecoder().decode(Holder.self, from: json)
        #expect(decoded == expected)
        #expect(try ModelDecoder(options: .server).decode(Holder.self, from: json) == expected)
        // ModelKit's own output reads back.
        let written = try ModelEncoder().encode(decoded)
        #expect(try ModelDecoder().decode(Holder.self, from: written) == expected)
    }
}
