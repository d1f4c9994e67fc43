#if canImport(AllocationCounter)
import AllocationCounter
import Foundation
import Testing
import ModelKitCore

/// One array field: encoding a column of dates, floats or decimals must cost exactly what a column
/// of as many integers costs (integers never allocated), so formatting a value costs no allocation.
/// Comparing with a baseline keeps the test independent of what containers cost in a debug build.
private struct Column<Value: ModelValue>: Model {
    var values: [Value] = []
    var labels: [String: Value] = [:]

    static var schema: Schema {
        Schema.cached(for: Column.self) {
            Schema(Column.self) {
                Field("values", \.values, key: "meta.values")
                Field("labels", \.labels)
            }
        }
    }

    init() {}

    init(_ make: (Int) -> Value) {
        for i in 0..<100 {
            values.append(make(i))
            // Short keys, stored inline in the `String` (the dictionary is built before measuring).
            labels["key\(i)"] = make(i)
        }
    }
}

@Suite(.enabled(if: allocation_counter_is_available() != 0, "sanitizer builds own the allocator"))
struct EncodingAllocationTests {
    private func allocations(_ body: () throws -> Void) rethrows -> UInt64 {
        allocation_counter_start()
        defer { _ = allocation_counter_stop() }
        try body()
        return allocation_counter_stop()
    }

    /// Allocations of the second of two encodes (the first sizes the schema's buffer hint).
    private func encodeAllocations<Value>(_ column: Column<Value>, _ options: EncodingOptions) throws -> UInt64 {
        _ = try column.jsonBytes(options: options)
        return try allocations { _ = try column.jsonBytes(options: options) }
    }

    @Test func theCounterSeesAllocations() {
        let count = allocations {
            let array = [Int](repeating: 7, count: 1000)
            withExtendedLifetime(array) {}
        }
        #expect(count >= 1)
    }

    @Test(arguments: [EncodingOptions(), EncodingOptions(dates: .secondsSince1970),
                      EncodingOptions(dates: .millisecondsSince1970), EncodingOptions(prettyPrinted: true)])
    func datesNumbersAndKeysAllocateNothing(_ options: EncodingOptions) throws {
        let baseline = try encodeAllocations(Column { $0 }, options)
        let dates = try encodeAllocations(Column { Date(timeIntervalSince1970: 1_700_000_000 + Double($0) * 86_399.123456) }, options)
        let doubles = try encodeAllocations(Column { Double($0) / 7 + 0.1 }, options)
        let floats = try encodeAllocations(Column { Float($0) / 7 + 0.1 }, options)
        let decimals = try encodeAllocations(Column { Decimal($0) / 8 - Decimal(string: "0.000001")! }, options)
        let int64s = try encodeAllocations(Column { Int64($0) * -1_000_000_007 }, options)
        // Formatters reserve their longest text, which can cost one more growth at the end of a
        // buffer sized by the previous encode; an allocation per value would show as +100.
        #expect(dates <= baseline + 1)
        #expect(doubles <= baseline + 1)
        #expect(floats <= baseline + 1)
        #expect(decimals <= baseline + 1)
        #expect(int64s <= baseline + 1)
    }
}
#endif
