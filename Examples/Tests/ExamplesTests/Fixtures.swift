import ExampleModels
import Foundation
import ModelKitCore

/// Request bodies shared by the Hummingbird and Vapor tests, and what each must answer.
enum Fixtures {
    static let issueJSON: String = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Fixtures/issue.json")
        return (try? String(contentsOf: url, encoding: .utf8)) ?? sampleIssueJSON
    }()

    static var expectedTriagedIssue: Issue {
        get throws { Triage.triage(try Issue(json: issueJSON)) }
    }

    /// The fixture with `"key":value` replaced (the value as JSON text).
    static func issue(replacing key: String, with json: String) -> String {
        var object = try! JSONSerialization.jsonObject(with: Data(issueJSON.utf8)) as! [String: Any]
        object[key] = try! JSONSerialization.jsonObject(with: Data(json.utf8), options: .fragmentsAllowed)
        return String(decoding: try! JSONSerialization.data(withJSONObject: object), as: UTF8.self)
    }

    static func issue(removing key: String) -> String {
        var object = try! JSONSerialization.jsonObject(with: Data(issueJSON.utf8)) as! [String: Any]
        object[key] = nil
        return String(decoding: try! JSONSerialization.data(withJSONObject: object), as: UTF8.self)
    }

    /// A bad body, and what the 400's message must contain (path, then line/column text).
    struct BadBody: CustomStringConvertible {
        let name: String
        let body: String
        let mentions: [String]
        var description: String { name }
    }

    static var badBodies: [BadBody] {
        [
            BadBody(name: "syntax error", body: #"{"url":"u","title":tru}"#, mentions: ["$", "line 1, column", "invalid JSON"]),
            BadBody(name: "user is a string", body: issue(replacing: "user", with: #""octocat""#), mentions: ["$.user", "line 1, column", "expected"]),
            BadBody(name: "title is null", body: issue(replacing: "title", with: "null"), mentions: ["$.title", "line 1, column"]),
            BadBody(name: "number is a string", body: issue(replacing: "number", with: #""1347""#), mentions: ["$.number", "line 1, column"]),
            BadBody(name: "missing title", body: issue(removing: "title"), mentions: ["$", "line 1, column", "title"]),
            BadBody(name: "number is 0", body: issue(replacing: "number", with: "0"), mentions: ["$.number", "line 1, column", "must be at least 1, found 0"]),
            BadBody(name: "title is empty", body: issue(replacing: "title", with: #""""#), mentions: ["$.title", "line 1, column", "must be 1 to 256 characters long, found 0"]),
            BadBody(name: "state is unknown", body: issue(replacing: "state", with: #""lost""#),
                    mentions: ["$.state", "line 1, column", #"must be one of "open", "closed", found "lost""#]),
            BadBody(name: "string over maxStringBytes", body: issue(replacing: "body", with: "\"" + String(repeating: "x", count: (1 << 20) + 1) + "\""), mentions: ["$.body", "line 1, column", "maxStringBytes"]),
            BadBody(name: "too deep", body: issue(replacing: "reactions", with: String(repeating: "[", count: 100) + String(repeating: "]", count: 100)), mentions: ["$.reactions", "line 1, column", "maxDepth"]),
        ]
    }

    static func jsonLines(count: Int) throws -> String {
        let oneLine = String(decoding: try JSONSerialization.data(withJSONObject: JSONSerialization.jsonObject(with: Data(issueJSON.utf8))), as: UTF8.self)
        return String(repeating: oneLine + "\n", count: count)
    }
}
