import Foundation
import ModelKitCore

// The cost of checks, for callgrind (scripts/profile/check-cost.sh runs it): decodes one model
// COUNT times from the same bytes and prints a checksum, nothing else, so that the instructions of
// (COUNT + 1) decodes minus those of 1 decode are COUNT decodes' and nothing of the setup.
//
//   CheckCost issue COUNT [--checks range,length,pattern,oneOf,count,custom] [--input FILE]
//       the Examples' issue body (Examples/Fixtures/issue.json), with the named checks on
//   CheckCost user COUNT [--input FILE]
//       user.json's model, which has no checks (../shared/corpus/user.json)

var arguments = Array(CommandLine.arguments.dropFirst())
@MainActor func option(_ name: String) -> String? {
    guard let i = arguments.firstIndex(of: name), i + 1 < arguments.count else { return nil }
    defer { arguments.removeSubrange(i...(i + 1)) }
    return arguments[i + 1]
}
func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("CheckCost: \(message)\n".utf8))
    exit(2)
}

let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
let checks = option("--checks").map { $0.split(separator: ",").map(String.init) } ?? []
let input = option("--input")
guard arguments.count == 2, let count = Int(arguments[1]), count >= 0 else {
    fail("usage: CheckCost issue|user COUNT [--checks KIND,…] [--input FILE]")
}
func bytes(_ path: String) -> [UInt8] {
    guard let data = FileManager.default.contents(atPath: path) else { fail("cannot read \(path)") }
    return [UInt8](data)
}

var checksum = 0
switch arguments[0] {
case "issue":
    let body = bytes(input ?? root.appendingPathComponent("Examples/Fixtures/issue.json").path)
    #if BASELINE_WITHOUT_CHECKS
    if !checks.isEmpty { fail("built against a ModelKit without checks: --checks is not available") }
    #else
    for kind in checks where !CheckedIssue.kinds.contains(kind) { fail("unknown check kind \(kind); kinds: \(CheckedIssue.kinds)") }
    CheckedIssue.enabled = Set(checks)
    try verifyChecks(body, enabled: CheckedIssue.enabled)
    #endif
    for _ in 0..<count {
        let issue = try CheckedIssue(json: body)
        checksum &+= issue.number &+ issue.labels.count &+ issue.title.utf8.count
    }
case "user":
    if !checks.isEmpty { fail("user.json's model has no checks") }
    let body = bytes(input ?? root.deletingLastPathComponent().appendingPathComponent("shared/corpus/user.json").path)
    for _ in 0..<count {
        let user = try GitHubUser(json: body)
        checksum &+= user.id &+ user.login.utf8.count
    }
default:
    fail("unknown model \(arguments[0]): issue or user")
}
print(checksum)
