#if !BASELINE_WITHOUT_CHECKS
import Foundation
import ModelKitCore

/// Before measuring, proves that the enabled checks (and only those) run: the body itself must
/// decode, and a copy breaking one rule must be rejected exactly when that rule is enabled.
/// Done once, outside what the (COUNT + 1) − 1 difference counts.
func verifyChecks(_ body: [UInt8], enabled: Set<String>) throws {
    _ = try CheckedIssue(json: body)
    let breaking: [String: (inout [String: Any]) -> Void] = [
        "range": { $0["number"] = 0 },
        "length": { $0["title"] = "" },
        "pattern": { $0["node_id"] = "not an id" },
        "oneOf": { $0["state"] = "merged" },
        "count": { $0["labels"] = Array(repeating: ["name": "x"], count: 101) },
        "custom": { $0["comments"] = -1 },
    ]
    for (kind, breakRule) in breaking {
        guard var object = try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any] else {
            fatalError("the body is not a JSON object")
        }
        breakRule(&object)
        let broken = [UInt8](try JSONSerialization.data(withJSONObject: object))
        let rejected: Bool
        do {
            _ = try CheckedIssue(json: broken)
            rejected = false
        } catch let error as ModelDecodingError {
            guard case .invalid = error.reason else { throw error }
            rejected = true
        }
        precondition(rejected == enabled.contains(kind),
                     "check \(kind): \(enabled.contains(kind) ? "enabled but not applied" : "applied but not enabled")")
    }
}
#endif
