import Foundation
import ModelKitCore

// A ~2 KB GitHub-issue-like model heavy in dates and doubles: the encode task that shows what
// date and number formatting cost (allocations per encode, speed vs JSONEncoder with ISO 8601).

struct IssueUser: Model, Codable {
    var login = ""
    var id: Int64 = 0
    var siteAdmin = false
    static let schema = Schema(IssueUser.self, keys: .snakeCase) {
        Field("login", \.login); Field("id", \.id); Field("siteAdmin", \.siteAdmin)
    }
    enum CodingKeys: String, CodingKey { case login, id, siteAdmin = "site_admin" }
}

struct IssueLabel: Model, Codable {
    var id: Int64 = 0
    var name = ""
    var color = ""
    var createdAt = Date(timeIntervalSince1970: 0)
    var weight = 0.0
    static let schema = Schema(IssueLabel.self, keys: .snakeCase) {
        Field("id", \.id); Field("name", \.name); Field("color", \.color)
        Field("createdAt", \.createdAt); Field("weight", \.weight)
    }
    enum CodingKeys: String, CodingKey { case id, name, color, createdAt = "created_at", weight }
}

struct IssueMilestone: Model, Codable {
    var title = ""
    var dueOn = Date(timeIntervalSince1970: 0)
    var progress = 0.0
    static let schema = Schema(IssueMilestone.self, keys: .snakeCase) {
        Field("title", \.title); Field("dueOn", \.dueOn); Field("progress", \.progress)
    }
    enum CodingKeys: String, CodingKey { case title, dueOn = "due_on", progress }
}

struct Issue: Model, Codable {
    var id: Int64 = 0
    var number = 0
    var title = ""
    var body = ""
    var state = ""
    var locked = false
    var user = IssueUser()
    var labels: [IssueLabel] = []
    var milestone = IssueMilestone()
    var comments = 0
    var score = 0.0
    var createdAt = Date(timeIntervalSince1970: 0)
    var updatedAt = Date(timeIntervalSince1970: 0)
    var closedAt: Date?
    static let schema = Schema(Issue.self, keys: .snakeCase) {
        Field("id", \.id); Field("number", \.number); Field("title", \.title); Field("body", \.body)
        Field("state", \.state); Field("locked", \.locked); Field("user", \.user); Field("labels", \.labels)
        Field("milestone", \.milestone); Field("comments", \.comments); Field("score", \.score)
        Field("createdAt", \.createdAt); Field("updatedAt", \.updatedAt); Field("closedAt", \.closedAt)
    }
    enum CodingKeys: String, CodingKey {
        case id, number, title, body, state, locked, user, labels, milestone, comments, score
        case createdAt = "created_at", updatedAt = "updated_at", closedAt = "closed_at"
    }

    /// A deterministic issue: 4 labels, so 8 dates and 6 doubles in about 2 KB of JSON.
    static func sample() -> Issue {
        var issue = Issue()
        issue.id = 1_296_269_123
        issue.number = 1347
        issue.title = "Found a bug in the date formatting of archived milestones"
        issue.body = String(repeating: "I'm having a problem with this; steps to reproduce follow. ", count: 20)
        issue.state = "open"
        issue.user = IssueUser(login: "octocat", id: 583_231, siteAdmin: false)
        issue.labels = (0..<4).map { i in
            IssueLabel(id: 208_045_946 + Int64(i), name: "label \(i)", color: "f29513",
                       createdAt: Date(timeIntervalSince1970: 1_300_000_000.123456 + Double(i) * 86_400.5),
                       weight: 0.1 * Double(i + 1) / 3)
        }
        issue.milestone = IssueMilestone(title: "v1.0", dueOn: Date(timeIntervalSince1970: 1_338_508_800), progress: 0.4285714285714286)
        issue.comments = 42
        issue.score = 17.823
        issue.createdAt = Date(timeIntervalSince1970: 1_303_934_858.25)
        issue.updatedAt = Date(timeIntervalSince1970: 1_306_364_298.5)
        issue.closedAt = Date(timeIntervalSince1970: 1_306_364_400)
        return issue
    }
}

/// Encodes the sample issue with ModelKit and with `JSONEncoder` (ISO 8601 dates, as ModelKit writes them).
@MainActor func issueEncodeTask() throws {
    let issue = Issue.sample()
    let isoEncoder = JSONEncoder()
    isoEncoder.dateEncodingStrategy = .iso8601
    let size = try issue.jsonBytes().count
    encodeResults.append(try Harness.measure(task: "issue (8 dates, 6 doubles)", bytes: size, objects: 1, contenders: [
        Contender(name: "ModelKit") { _ = try issue.jsonBytes() },
        Contender(name: "JSONEncoder") { _ = try isoEncoder.encode(issue) },
    ], runs: runs, targetNanos: target))
}
