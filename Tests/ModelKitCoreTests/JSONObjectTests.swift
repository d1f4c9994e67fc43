import Foundation
import Testing
@testable import ModelKitCore

/// `JSONObject`'s edits: removals cost time linear in the object, and every edit keeps the
/// members' order, lookups, equality and hashing as an ordered list of pairs would.
@Suite struct JSONObjectTests {
    private func numbered(_ count: Int, prefix: (Int) -> String = { _ in "k" }) -> JSONValue {
        var object = JSONObject()
        for i in 0..<count { object.append(key: "\(prefix(i))\(i)", value: .number(JSONNumber(i))) }
        return .object(object)
    }

    /// Removing a member re-indexed every later one: 40,000 removals front to back took 52 s.
    @Test func removingKeysFrontToBackIsLinear() {
        let count = 40_000
        var value = numbered(count)
        for i in 0..<(count - 3) { value["k\(i)"] = nil }
        #expect(value.objectValue?.keys == ["k\(count - 3)", "k\(count - 2)", "k\(count - 1)"])
        #expect(value["k\(count - 1)"] == .number(JSONNumber(count - 1)))
        #expect(value["k0"] == nil)
        // Removals keep no storage of their own: every `JSONValue` holds a `JSONObject`'s size.
        #expect(MemoryLayout<JSONObject>.size == 16)
    }
}

extension JSONObjectTests {
    /// The issue's `willDecode` hook: strip `_`-prefixed keys (20,000 took 11.3 s one by one).
    @Test func bulkRemovalKeepsOrderAndIsLinear() {
        var value = numbered(40_000) { $0.isMultiple(of: 2) ? "_" : "k" }
        var oneByOne = value
        value.removeAll { $0.key.hasPrefix("_") }
        for key in oneByOne.objectValue!.keys where key.hasPrefix("_") { oneByOne[key] = nil }
        #expect(value.objectValue?.count == 20_000)
        #expect(value.objectValue?.keys.first == "k1" && value.objectValue?.keys.last == "k39999")
        #expect(value == oneByOne && value.hashValue == oneByOne.hashValue)
        #expect(value.description == oneByOne.description)
        // Nothing happens to other values.
        var array: JSONValue = [1, 2]
        array.removeAll { _ in true }
        #expect(array == [1, 2])
    }

    /// Seeded random edits against an ordered list of pairs: lookups, order, count, equality,
    /// hashing, iteration and a replay into a model all agree after every few edits.
    @Test func randomEditsMatchAnOrderedList() throws {
        var generator = SplitMix64(seed: 34)
        for round in 0..<40 {
            var object = JSONObject()
            var reference: [(String, Int)] = []
            let keySpace = round.isMultiple(of: 2) ? 8 : 200
            for step in 0..<600 {
                let key = "k\(Int.random(in: 0..<keySpace, using: &generator))"
                switch Int.random(in: 0..<10, using: &generator) {
                case 0..<5:
                    object[key] = .number(JSONNumber(step))
                    if let at = reference.firstIndex(where: { $0.0 == key }) { reference[at].1 = step } else { reference.append((key, step)) }
                case 5..<9:
                    object[key] = nil
                    reference.removeAll { $0.0 == key }
                default:
                    let limit = Int.random(in: 0..<600, using: &generator)
                    object.removeAll { $0.value.numberValue.flatMap { Int($0.text) }.map { $0 < limit } ?? false }
                    reference.removeAll { $0.1 < limit }
                }
                if step % 50 == 0 || step == 599 {
                    #expect(object.keys == reference.map(\.0))
                    #expect(object.values == reference.map { .number(JSONNumber($0.1)) })
                    #expect(object.count == reference.count)
                    var rebuilt = JSONObject()
                    for (key, number) in reference { rebuilt[key] = .number(JSONNumber(number)) }
                    #expect(object == rebuilt && object.hashValue == rebuilt.hashValue)
                    for (key, number) in reference { #expect(object[key] == .number(JSONNumber(number))) }
                    let replayed = try ModelDecoder().decode([String: Int].self, from: JSONValue.object(object))
                    #expect(replayed == Dictionary(uniqueKeysWithValues: reference))
                }
            }
        }
    }
}
