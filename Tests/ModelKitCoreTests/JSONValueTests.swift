import Foundation
import Testing
@testable import ModelKitCore

@Suite struct JSONValueTests {
    @Test func literalsKeepOrder() {
        let value: JSONValue = ["z": 1, "a": [true, nil, "s"], "m": 2.5]
        #expect(value.objectValue?.keys == ["z", "a", "m"])
        #expect(value.description == #"{"z":1,"a":[true,null,"s"],"m":2.5}"#)
    }

    @Test func numbersCompareAndHashByValue() {
        #expect(JSONValue(1) == JSONValue(1.0))
        #expect(JSONNumber(text: "1e2") == JSONNumber(text: "100"))
        #expect(JSONNumber(text: "-0") == JSONNumber(text: "0.0"))
        #expect(JSONNumber(text: "18446744073709551615") != JSONNumber(text: "18446744073709551614"))
        #expect(JSONNumber(text: "0.1000000000000000000001") != JSONNumber(text: "0.1"))
        let set: Set<JSONValue> = [1, 1.0, .number(JSONNumber(text: "1e0")!), 2]
        #expect(set.count == 2)
        #expect(JSONValue(UInt64.max).int64Value == nil)
        #expect(JSONValue(UInt64.max).numberValue?.uint64Value == .max)
        #expect(JSONValue(Int64.min).int64Value == .min)
        #expect(JSONNumber(text: "1e400")!.doubleValue == .infinity)
        #expect(JSONValue(Double.nan) == .null)
        #expect(JSONNumber(text: "1.0")?.int64Value == 1)
        #expect(JSONNumber(text: "1.5")?.int64Value == nil)
        #expect(JSONValue(Decimal(string: "3.25")!).description == "3.25")
    }

    @Test func objectEqualityIgnoresOrderAndHashesAgree() {
        let a: JSONValue = ["x": 1, "y": [1, 2]]
        let b: JSONValue = ["y": [1, 2], "x": 1.0]
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        #expect(a != ["x": 1])
    }

    @Test func equalityComparesCaseAndPayloadElementByElement() {
        let nested: JSONValue = [1, [2, ["a": nil]], "s", true]
        #expect(nested == [1.0, [2, ["a": nil]], "s", true])
        let same: JSONValue = [1.0, [2, ["a": nil]], "s", true]
        #expect(nested.hashValue == same.hashValue)
        #expect(nested != [1, [2, ["a": false]], "s", true])
        #expect(nested != [1, [2], "s", true])
        #expect(nested != [1, [2, ["a": nil]], "s"])
        let empty: JSONValue = []
        #expect(empty == [])
        #expect(empty != [:])
        #expect(JSONValue.null != false)
        #expect(JSONValue("1") != 1)
        #expect(JSONValue(true) == true)
    }

    @Test func subscriptsSetReplaceAndRemoveInPlace() {
        var value: JSONValue = ["a": 1, "b": 2, "c": 3]
        value["b"] = "two"
        value["d"] = 4
        value["a"] = nil
        #expect(value.objectValue?.keys == ["b", "c", "d"])
        #expect(value["b"] == "two")
        var list: JSONValue = [1, 2, 3]
        list[1] = "x"
        list[7] = "ignored"
        #expect(list == [1, "x", 3])
        #expect(list[5] == nil)
        var scalar: JSONValue = 5
        scalar["a"] = 1
        #expect(scalar == 5)
    }

    @Test func largeObjectsStayLinearAndConsistent() {
        var object = JSONObject()
        for i in 0..<100_000 { object.append(key: "k\(i)", value: JSONValue(i)) }
        object.append(key: "k5", value: "replaced")
        #expect(object.count == 100_000)
        #expect(object["k99999"] == JSONValue(99999))
        #expect(object["k5"] == "replaced")
        #expect(object.keys[5] == "k5")
        object["k10"] = nil
        #expect(object["k11"] == JSONValue(11))
        #expect(object.keys[10] == "k11")
    }

    @Test func descriptionEscapesEveryControlCharacter() throws {
        var text = ""
        for c in 0..<0x20 { text.unicodeScalars.append(UnicodeScalar(c)!) }
        text += "\"\\/𝄞"
        let json = JSONValue.string(text).description
        #expect(!json.utf8.contains { $0 < 0x20 })
        let back = try JSONSerialization.jsonObject(with: Data(json.utf8), options: .fragmentsAllowed) as? String
        #expect(back == text)
        #expect(try ModelDecoder().decode(String.self, from: json) == text)
    }
}
