import Foundation

/// Deterministic inputs of any size: a fresh clone benchmarks with no download.
struct DataGenerator {
    private var state: UInt64

    init(seed: UInt64 = 0x5EED) { state = seed }

    /// SplitMix64.
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func int(_ range: Range<Int>) -> Int { range.lowerBound + Int(next() % UInt64(range.count)) }

    private static let words = ["model", "swift", "server", "json", "fast", "yajl", "schema", "table", "token", "bytes",
                                "naïve", "café", "日本語", "中文", "Ωmega", "emoji 😀", "tab\there", "quote \"q\"", "back\\slash", "line\nbreak"]

    mutating func text(words count: Int, plain: Bool = false) -> String {
        (0..<count).map { _ in
            let word = Self.words[int(0..<(plain ? 10 : Self.words.count))]
            return word
        }.joined(separator: " ")
    }

    /// An array of GitHub-user-like objects (API-style), about `bytes` long.
    mutating func users(bytes target: Int) -> [UInt8] {
        var users: [GitHubUser] = []
        var size = 2
        while size < target {
            var u = GitHubUser()
            u.login = "user\(next() % 100_000)"
            u.id = int(1..<10_000_000)
            u.avatarURL = "https://avatars.githubusercontent.com/u/\(u.id)?v=3"
            u.gravatarID = ""
            u.url = "https://api.github.com/users/\(u.login)"
            u.htmlURL = "https://github.com/\(u.login)"
            u.followersURL = u.url + "/followers"
            u.followingURL = u.url + "/following{/other_user}"
            u.gistsURL = u.url + "/gists{/gist_id}"
            u.starredURL = u.url + "/starred{/owner}{/repo}"
            u.subscriptionsURL = u.url + "/subscriptions"
            u.organizationsURL = u.url + "/orgs"
            u.reposURL = u.url + "/repos"
            u.eventsURL = u.url + "/events{/privacy}"
            u.receivedEventsURL = u.url + "/received_events"
            u.type = next() % 5 == 0 ? "Organization" : "User"
            u.siteAdmin = next() % 50 == 0
            u.name = text(words: 2, plain: true)
            u.company = next() % 2 == 0 ? text(words: 1, plain: true) : nil
            u.blog = "https://\(u.login).example.com/"
            u.location = text(words: 2)
            u.email = next() % 3 == 0 ? "\(u.login)@example.com" : nil
            u.hireable = next() % 2 == 0 ? true : nil
            u.bio = text(words: int(5..<25))
            u.publicRepos = int(0..<500)
            u.publicGists = int(0..<100)
            u.followers = int(0..<100_000)
            u.following = int(0..<1000)
            u.createdAt = "2014-0\(int(1..<10))-1\(int(0..<10))T10:43:38Z"
            users.append(u)
            size += 1100
        }
        return Array(try! JSONEncoder().encode(users))
    }

    /// Number-heavy: geo samples.
    mutating func geo(bytes target: Int) -> [UInt8] {
        var out = "["
        var first = true
        while out.utf8.count < target {
            if !first { out += "," }
            first = false
            let lat = Double(Int64(next() % 180_000_000_000) - 90_000_000_000) / 1e9
            let lon = Double(Int64(next() % 360_000_000_000) - 180_000_000_000) / 1e9
            let alt = Double(next() % 900_000) / 100
            out += "{\"lat\":\(lat),\"lon\":\(lon),\"alt\":\(alt),\"accuracy\":\(Float(next() % 1000) / 10),\"timestamp\":\(1_600_000_000_000 + Int64(next() % 100_000_000))}"
        }
        return Array((out + "]").utf8)
    }

    /// String-heavy: documents with escapes, non-ASCII and emoji.
    mutating func documents(bytes target: Int) -> [UInt8] {
        var docs: [TextDocument] = []
        var size = 2
        while size < target {
            var d = TextDocument()
            d.id = docs.count
            d.title = text(words: int(3..<8))
            d.body = text(words: int(30..<120))
            d.tags = (0..<int(0..<5)).map { _ in text(words: 1) }
            d.author = next() % 2 == 0 ? text(words: 2) : nil
            size += d.title.utf8.count + d.body.utf8.count + 80
            docs.append(d)
        }
        return Array(try! JSONEncoder().encode(docs))
    }

    /// Deep nesting: `depth` levels of arrays, repeated until `bytes`.
    mutating func deep(bytes target: Int, depth: Int = 200) -> [UInt8] {
        var out = "["
        var first = true
        while out.utf8.count < target {
            if !first { out += "," }
            first = false
            out += String(repeating: "[", count: depth) + "\(int(0..<1000))" + String(repeating: "]", count: depth)
        }
        return Array((out + "]").utf8)
    }

    /// A large flat array of integers.
    mutating func integers(bytes target: Int) -> [UInt8] {
        var out = "["
        var first = true
        while out.utf8.count < target {
            if !first { out += "," }
            first = false
            out += String(Int64(bitPattern: next()) >> Int64(next() % 60))
        }
        return Array((out + "]").utf8)
    }
}
