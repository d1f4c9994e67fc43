import Foundation
import ModelKitCore

/// What both services do with an issue, so that the ModelKit and the Codable endpoints differ
/// only in their coders: mark it triaged and open.
public enum Triage {
    public static let label = Label(id: 7_000_001, name: "triaged", color: "0e8a16", description: "Seen by the triage bot")

    public static func triage(_ issue: Issue) -> Issue {
        var issue = issue
        if !issue.labels.contains(where: { $0.name == label.name }) {
            issue.labels.append(label)
        }
        issue.state = "open"
        return issue
    }
}

/// The answer of the streaming upload endpoints.
public struct UploadSummary: Model, Codable, Sendable, Equatable {
    public var count = 0
    public var openCount = 0
    public var totalComments = 0

    public init() {}

    public mutating func add(_ issue: Issue) {
        count += 1
        if issue.state == "open" { openCount += 1 }
        totalComments += issue.comments
    }

    public static let schema = Schema(UploadSummary.self) {
        Field("count", \.count, key: "count")
        Field("openCount", \.openCount, key: "open_count")
        Field("totalComments", \.totalComments, key: "total_comments")
    }

    enum CodingKeys: String, CodingKey {
        case count
        case openCount = "open_count", totalComments = "total_comments"
    }
}

/// Coders of the Codable twin endpoints, set up as a Codable app would for GitHub's JSON.
public enum CodableCoders {
    public static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }

    public static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }
}

/// A plain `Codable` type with no schema: ModelKit decodes it through the Codable bridge.
public struct LabelDraft: Codable, Sendable, Equatable {
    public var name: String
    public var color: String

    public init(name: String, color: String) {
        self.name = name
        self.color = color
    }
}
