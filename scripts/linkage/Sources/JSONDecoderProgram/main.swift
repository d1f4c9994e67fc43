// The same program as ModelKitProgram on FoundationEssentials' JSONDecoder and JSONEncoder: the
// size a ModelKit program is measured against (scripts/check-linkage.sh).
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

struct Greeting: Codable {
    var name = ""
    var count = 0
}

let input = CommandLine.arguments.dropFirst().first ?? #"{"name":"linkage","count":2}"#
var greeting = try JSONDecoder().decode(Greeting.self, from: Data(input.utf8))
greeting.count += 1
print(String(decoding: try JSONEncoder().encode(greeting), as: UTF8.self))
