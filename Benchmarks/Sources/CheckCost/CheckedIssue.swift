import Foundation
import ModelKitCore

/// The Examples' issue (Examples/Sources/ExampleModels/Issue.swift), the load test's request
/// body: the same fields and keys, with six checks of six kinds that each run may switch on
/// (`--checks`), so that a model with checks and the identical model without them decode the
/// same bytes through the same code. Nested types carry no checks. Built against a ModelKit
/// from before checks (`BASELINE_WITHOUT_CHECKS`), the schema is the same without `checks:`.
struct CheckedIssue: Model {
    var url = ""
    var repositoryURL = ""
    var htmlURL = ""
    var id: Int64 = 0
    var nodeID = ""
    var number = 0
    var title = ""
    var user = IssueUser()
    var labels: [IssueLabel] = []
    var state = ""
    var locked = false
    var assignee: IssueUser?
    var assignees: [IssueUser] = []
    var milestone: IssueMilestone?
    var comments = 0
    var createdAt = Date(timeIntervalSince1970: 0)
    var updatedAt = Date(timeIntervalSince1970: 0)
    var closedAt: Date?
    var authorAssociation = ""
    var body: String?

    #if !BASELINE_WITHOUT_CHECKS
    /// The check kinds this process decodes with, set from the command line before the schema
    /// is first built (the schema is built once, on first use).
    nonisolated(unsafe) static var enabled: Set<String> = []
    static let kinds = ["range", "length", "pattern", "oneOf", "count", "custom"]

    /// `checks` when `kind` is enabled, none otherwise: a field without checks gets the
    /// unchecked accessor, the same as a field declared without `checks:`.
    static func when<Value>(_ kind: String, _ checks: [Check<Value>]) -> [Check<Value>] {
        enabled.contains(kind) ? checks : []
    }
    #endif

    static let schema = Schema(CheckedIssue.self) {
        Field("url", \.url, key: "url", options: .required)
        Field("repositoryURL", \.repositoryURL, key: "repository_url")
        Field("htmlURL", \.htmlURL, key: "html_url")
        Field("id", \.id, key: "id", options: .required)
        #if BASELINE_WITHOUT_CHECKS
        Field("nodeID", \.nodeID, key: "node_id")
        Field("number", \.number, key: "number", options: .required)
        Field("title", \.title, key: "title", options: .required)
        Field("user", \.user, key: "user", options: .required)
        Field("labels", \.labels, key: "labels")
        Field("state", \.state, key: "state", options: .required)
        #else
        Field("nodeID", \.nodeID, key: "node_id", checks: when("pattern", [.pattern("^[A-Za-z0-9_=-]+$")]))
        Field("number", \.number, key: "number", options: .required, checks: when("range", [.range(1...)]))
        Field("title", \.title, key: "title", options: .required, checks: when("length", [.length(1...256)]))
        Field("user", \.user, key: "user", options: .required)
        Field("labels", \.labels, key: "labels", checks: when("count", [.count(...100)]))
        Field("state", \.state, key: "state", options: .required, checks: when("oneOf", [.oneOf(["open", "closed"])]))
        #endif
        Field("locked", \.locked, key: "locked")
        Field("assignee", \.assignee, key: "assignee")
        Field("assignees", \.assignees, key: "assignees")
        Field("milestone", \.milestone, key: "milestone")
        #if BASELINE_WITHOUT_CHECKS
        Field("comments", \.comments, key: "comments")
        #else
        Field("comments", \.comments, key: "comments", checks: when("custom", [.custom("not negative") { $0 >= 0 }]))
        #endif
        Field("createdAt", \.createdAt, key: "created_at")
        Field("updatedAt", \.updatedAt, key: "updated_at")
        Field("closedAt", \.closedAt, key: "closed_at")
        Field("authorAssociation", \.authorAssociation, key: "author_association")
        Field("body", \.body, key: "body")
    }
}

struct IssueUser: Model {
    var login = ""
    var id: Int64 = 0
    var nodeID = ""
    var avatarURL = ""
    var htmlURL = ""
    var type = ""
    var siteAdmin = false

    static let schema = Schema(IssueUser.self) {
        Field("login", \.login, key: "login", options: .required)
        Field("id", \.id, key: "id", options: .required)
        Field("nodeID", \.nodeID, key: "node_id")
        Field("avatarURL", \.avatarURL, key: "avatar_url")
        Field("htmlURL", \.htmlURL, key: "html_url")
        Field("type", \.type, key: "type")
        Field("siteAdmin", \.siteAdmin, key: "site_admin")
    }
}

struct IssueLabel: Model {
    var id: Int64 = 0
    var name = ""
    var color = ""
    var isDefault = false
    var description: String?

    static let schema = Schema(IssueLabel.self) {
        Field("id", \.id, key: "id")
        Field("name", \.name, key: "name", options: .required)
        Field("color", \.color, key: "color")
        Field("isDefault", \.isDefault, key: "default")
        Field("description", \.description, key: "description")
    }
}

struct IssueMilestone: Model {
    var id: Int64 = 0
    var number = 0
    var title = ""
    var description: String?
    var creator = IssueUser()
    var openIssues = 0
    var closedIssues = 0
    var state = ""
    var dueOn: Date?

    static let schema = Schema(IssueMilestone.self) {
        Field("id", \.id, key: "id")
        Field("number", \.number, key: "number")
        Field("title", \.title, key: "title")
        Field("description", \.description, key: "description")
        Field("creator", \.creator, key: "creator")
        Field("openIssues", \.openIssues, key: "open_issues")
        Field("closedIssues", \.closedIssues, key: "closed_issues")
        Field("state", \.state, key: "state")
        Field("dueOn", \.dueOn, key: "due_on")
    }
}
