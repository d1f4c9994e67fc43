import ExampleModels
import Foundation
import Vapor

/// ``Issue`` as a Vapor app declares it without ModelKit: a plain `Codable` `Content` type whose
/// rules are `Validatable` validations — the same rules as `Issue`'s checks. Vapor runs them
/// through a decode of their own (`validate(content:)`), then the route decodes the body again
/// into this type: the load test's `POST /validatable/issues`, beside `POST /issues` (ModelKit's
/// checks, one pass).
public struct ValidatableIssue: Content, Validatable, Equatable {
    public var url: String
    public var repositoryURL: String
    public var htmlURL: String
    public var id: Int64
    public var nodeID: String
    public var number: Int
    public var title: String
    public var user: GitHubUser
    public var labels: [Label]
    public var state: String
    public var locked: Bool
    public var assignee: GitHubUser?
    public var assignees: [GitHubUser]
    public var milestone: Milestone?
    public var comments: Int
    public var createdAt: Date
    public var updatedAt: Date
    public var closedAt: Date?
    public var authorAssociation: String
    public var body: String?

    /// `Issue`'s checks as Vapor validations: `number` at least 1, `title` 1 to 256 characters
    /// (Vapor counts grapheme clusters, ModelKit Unicode scalars, as JSON Schema does: the two
    /// agree on text without combining marks), `state` open or closed, `comments` at least 0
    /// when present.
    public static func validations(_ validations: inout Validations) {
        validations.add("number", as: Int.self, is: .range(1...))
        validations.add("title", as: String.self, is: .count(1...256))
        validations.add("state", as: String.self, is: .in("open", "closed"))
        validations.add("comments", as: Int.self, is: .range(0...), required: false)
    }

    /// The issue's fields, as `Issue` holds them.
    public var issue: Issue {
        var issue = Issue()
        issue.url = url
        issue.repositoryURL = repositoryURL
        issue.htmlURL = htmlURL
        issue.id = id
        issue.nodeID = nodeID
        issue.number = number
        issue.title = title
        issue.user = user
        issue.labels = labels
        issue.state = state
        issue.locked = locked
        issue.assignee = assignee
        issue.assignees = assignees
        issue.milestone = milestone
        issue.comments = comments
        issue.createdAt = createdAt
        issue.updatedAt = updatedAt
        issue.closedAt = closedAt
        issue.authorAssociation = authorAssociation
        issue.body = body
        return issue
    }

    /// The twin of `issue`.
    public init(_ issue: Issue) {
        url = issue.url
        repositoryURL = issue.repositoryURL
        htmlURL = issue.htmlURL
        id = issue.id
        nodeID = issue.nodeID
        number = issue.number
        title = issue.title
        user = issue.user
        labels = issue.labels
        state = issue.state
        locked = issue.locked
        assignee = issue.assignee
        assignees = issue.assignees
        milestone = issue.milestone
        comments = issue.comments
        createdAt = issue.createdAt
        updatedAt = issue.updatedAt
        closedAt = issue.closedAt
        authorAssociation = issue.authorAssociation
        body = issue.body
    }

    /// `Issue`'s keys.
    enum CodingKeys: String, CodingKey {
        case url, id, number, title, user, labels, state, locked, assignee, assignees, milestone, comments, body
        case repositoryURL = "repository_url", htmlURL = "html_url", nodeID = "node_id"
        case createdAt = "created_at", updatedAt = "updated_at", closedAt = "closed_at"
        case authorAssociation = "author_association"
    }
}
