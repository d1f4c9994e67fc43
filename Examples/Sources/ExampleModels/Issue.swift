import Foundation
import ModelKitCore

/// A GitHub issue as the REST API sends it (about 2 KB of JSON). One type serves both
/// endpoints of each example: `ModelDecoder` reads it through its schema, `JSONDecoder`
/// through its `CodingKeys` — same wire format, so the two endpoints do the same work.
public struct Issue: Model, Codable, Sendable, Equatable {
    public var url = ""
    public var repositoryURL = ""
    public var htmlURL = ""
    public var id: Int64 = 0
    public var nodeID = ""
    public var number = 0
    public var title = ""
    public var user = GitHubUser()
    public var labels: [Label] = []
    public var state = ""
    public var locked = false
    public var assignee: GitHubUser?
    public var assignees: [GitHubUser] = []
    public var milestone: Milestone?
    public var comments = 0
    public var createdAt = Date(timeIntervalSince1970: 0)
    public var updatedAt = Date(timeIntervalSince1970: 0)
    public var closedAt: Date?
    public var authorAssociation = ""
    public var body: String?

    public init() {}

    public static let schema = Schema(Issue.self) {
        Field("url", \.url, key: "url", options: .required)
        Field("repositoryURL", \.repositoryURL, key: "repository_url")
        Field("htmlURL", \.htmlURL, key: "html_url")
        Field("id", \.id, key: "id", options: .required)
        Field("nodeID", \.nodeID, key: "node_id")
        // The service's rules, checked while the body is decoded (a violation is a located 400)
        // and published in its OpenAPI document.
        Field("number", \.number, key: "number", options: .required, checks: [.range(1...)])
        Field("title", \.title, key: "title", options: .required, checks: [.length(1...256)])
        Field("user", \.user, key: "user", options: .required)
        Field("labels", \.labels, key: "labels")
        Field("state", \.state, key: "state", options: .required, checks: [.oneOf(["open", "closed"])])
        Field("locked", \.locked, key: "locked")
        Field("assignee", \.assignee, key: "assignee")
        Field("assignees", \.assignees, key: "assignees")
        Field("milestone", \.milestone, key: "milestone")
        Field("comments", \.comments, key: "comments", checks: [.range(0...)])
        Field("createdAt", \.createdAt, key: "created_at")
        Field("updatedAt", \.updatedAt, key: "updated_at")
        Field("closedAt", \.closedAt, key: "closed_at")
        Field("authorAssociation", \.authorAssociation, key: "author_association")
        Field("body", \.body, key: "body")
    }

    enum CodingKeys: String, CodingKey {
        case url, id, number, title, user, labels, state, locked, assignee, assignees, milestone, comments, body
        case repositoryURL = "repository_url", htmlURL = "html_url", nodeID = "node_id"
        case createdAt = "created_at", updatedAt = "updated_at", closedAt = "closed_at"
        case authorAssociation = "author_association"
    }
}

/// The author, assignees and milestone creator of an issue.
public struct GitHubUser: Model, Codable, Sendable, Equatable {
    public var login = ""
    public var id: Int64 = 0
    public var nodeID = ""
    public var avatarURL = ""
    public var htmlURL = ""
    public var type = ""
    public var siteAdmin = false

    public init() {}

    public static let schema = Schema(GitHubUser.self) {
        Field("login", \.login, key: "login", options: .required)
        Field("id", \.id, key: "id", options: .required)
        Field("nodeID", \.nodeID, key: "node_id")
        Field("avatarURL", \.avatarURL, key: "avatar_url")
        Field("htmlURL", \.htmlURL, key: "html_url")
        Field("type", \.type, key: "type")
        Field("siteAdmin", \.siteAdmin, key: "site_admin")
    }

    enum CodingKeys: String, CodingKey {
        case login, id, type
        case nodeID = "node_id", avatarURL = "avatar_url", htmlURL = "html_url", siteAdmin = "site_admin"
    }
}

/// An issue label.
public struct Label: Model, Codable, Sendable, Equatable {
    public var id: Int64 = 0
    public var name = ""
    public var color = ""
    public var isDefault = false
    public var description: String?

    public init() {}

    public init(id: Int64, name: String, color: String, description: String?) {
        self.id = id
        self.name = name
        self.color = color
        self.description = description
    }

    public static let schema = Schema(Label.self) {
        Field("id", \.id, key: "id")
        Field("name", \.name, key: "name", options: .required)
        Field("color", \.color, key: "color")
        Field("isDefault", \.isDefault, key: "default")
        Field("description", \.description, key: "description")
    }

    enum CodingKeys: String, CodingKey {
        case id, name, color, description
        case isDefault = "default"
    }
}

/// The milestone an issue belongs to.
public struct Milestone: Model, Codable, Sendable, Equatable {
    public var id: Int64 = 0
    public var number = 0
    public var title = ""
    public var description: String?
    public var creator = GitHubUser()
    public var openIssues = 0
    public var closedIssues = 0
    public var state = ""
    public var dueOn: Date?

    public init() {}

    public static let schema = Schema(Milestone.self) {
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

    enum CodingKeys: String, CodingKey {
        case id, number, title, description, creator, state
        case openIssues = "open_issues", closedIssues = "closed_issues", dueOn = "due_on"
    }
}
