// Decodes and encodes one two-field model through ModelKitCore (scripts/check-linkage.sh).
import ModelKitCore

struct Greeting: Model {
    var name = ""
    var count = 0
    static let schema = Schema(Greeting.self) {
        Field("name", \.name)
        Field("count", \.count)
    }
}

let input = CommandLine.arguments.dropFirst().first ?? #"{"name":"linkage","count":2}"#
var greeting = try Greeting(json: input)
greeting.count += 1
print(String(decoding: try ModelEncoder().encode(greeting), as: UTF8.self))
