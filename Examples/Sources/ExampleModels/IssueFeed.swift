import ModelKitCore

/// `count` copies of an issue, numbered from 1, produced one at a time: the source of the
/// streamed export endpoints (a database cursor in a real service).
public struct IssueFeed: AsyncSequence, Sendable {
    public typealias Element = Issue

    let template: Issue
    let count: Int

    public init(template: Issue, count: Int) {
        self.template = template
        self.count = count
    }

    public func makeAsyncIterator() -> Iterator {
        Iterator(template: template, count: count)
    }

    public struct Iterator: AsyncIteratorProtocol {
        let template: Issue
        let count: Int
        var produced = 0

        public mutating func next() async -> Issue? {
            guard produced < count else { return nil }
            produced += 1
            var issue = template
            issue.number = produced
            return issue
        }
    }
}
