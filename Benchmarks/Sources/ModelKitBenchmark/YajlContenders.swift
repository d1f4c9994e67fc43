import CYajlBench
import Foundation

/// yajl with callbacks that do nothing (numbers as raw text): the ceiling of a yajl-based design.
enum YajlRaw {
    nonisolated(unsafe) private static let callbacks: UnsafeMutablePointer<yajl_callbacks> = {
        let table = UnsafeMutablePointer<yajl_callbacks>.allocate(capacity: 1)
        table.initialize(to: yajl_callbacks(
            yajl_null: { _ in 1 }, yajl_boolean: { _, _ in 1 }, yajl_integer: nil, yajl_double: nil,
            yajl_number: { _, _, _ in 1 }, yajl_string: { _, _, _ in 1 }, yajl_start_map: { _ in 1 },
            yajl_map_key: { _, _, _ in 1 }, yajl_end_map: { _ in 1 }, yajl_start_array: { _ in 1 }, yajl_end_array: { _ in 1 }))
        return table
    }()

    static func parse(_ bytes: [UInt8]) -> Bool {
        let handle = yajl_alloc(callbacks, nil, nil)
        defer { yajl_free(handle) }
        let status = bytes.withUnsafeBufferPointer { yajl_parse(handle, $0.baseAddress, $0.count) }
        return status == yajl_status_ok && yajl_complete_parse(handle) == yajl_status_ok
    }
}

/// The "manual" bar of YYModel's chart: a hand-written yajl callback decoder for GitHubUser
/// (one object, or an array of them), matching keys by their bytes and setting struct fields.
final class YajlManualUserDecoder {
    private var users: [GitHubUser] = []
    private var current = GitHubUser()
    private var field = -1
    private var depth = 0

    nonisolated(unsafe) private static let callbacks: UnsafeMutablePointer<yajl_callbacks> = {
        let table = UnsafeMutablePointer<yajl_callbacks>.allocate(capacity: 1)
        table.initialize(to: yajl_callbacks(
            yajl_null: { ctx in me(ctx).setNull(); return 1 },
            yajl_boolean: { ctx, b in me(ctx).setBool(b != 0); return 1 },
            yajl_integer: nil, yajl_double: nil,
            yajl_number: { ctx, text, length in me(ctx).setNumber(UnsafeRawBufferPointer(start: text, count: length)); return 1 },
            yajl_string: { ctx, text, length in me(ctx).setString(UnsafeRawBufferPointer(start: text, count: length)); return 1 },
            yajl_start_map: { ctx in me(ctx).depth += 1; return 1 },
            yajl_map_key: { ctx, text, length in me(ctx).key(UnsafeRawBufferPointer(start: text, count: length)); return 1 },
            yajl_end_map: { ctx in me(ctx).endMap(); return 1 },
            yajl_start_array: { _ in 1 }, yajl_end_array: { _ in 1 }))
        return table
    }()

    private static func me(_ ctx: UnsafeMutableRawPointer?) -> YajlManualUserDecoder {
        Unmanaged<YajlManualUserDecoder>.fromOpaque(ctx!).takeUnretainedValue()
    }

    static func decode(_ bytes: [UInt8]) -> [GitHubUser] {
        let decoder = YajlManualUserDecoder()
        let handle = yajl_alloc(callbacks, nil, Unmanaged.passUnretained(decoder).toOpaque())
        defer { yajl_free(handle) }
        _ = bytes.withUnsafeBufferPointer { yajl_parse(handle, $0.baseAddress, $0.count) }
        _ = yajl_complete_parse(handle)
        return decoder.users
    }

    private static let keys: [[UInt8]] = ["login", "id", "avatar_url", "gravatar_id", "url", "html_url", "followers_url",
        "following_url", "gists_url", "starred_url", "subscriptions_url", "organizations_url", "repos_url", "events_url",
        "received_events_url", "type", "site_admin", "name", "company", "blog", "location", "email", "hireable", "bio",
        "public_repos", "public_gists", "followers", "following", "created_at", "updated_at"].map { Array($0.utf8) }

    private func key(_ bytes: UnsafeRawBufferPointer) {
        field = -1
        for (i, key) in Self.keys.enumerated() where key.count == bytes.count {
            if key.withUnsafeBytes({ memcmp($0.baseAddress!, bytes.baseAddress!, key.count) == 0 }) {
                field = i
                return
            }
        }
    }

    private func setString(_ bytes: UnsafeRawBufferPointer) {
        let s = String(decoding: bytes, as: UTF8.self)
        switch field {
        case 0: current.login = s
        case 2: current.avatarURL = s
        case 3: current.gravatarID = s
        case 4: current.url = s
        case 5: current.htmlURL = s
        case 6: current.followersURL = s
        case 7: current.followingURL = s
        case 8: current.gistsURL = s
        case 9: current.starredURL = s
        case 10: current.subscriptionsURL = s
        case 11: current.organizationsURL = s
        case 12: current.reposURL = s
        case 13: current.eventsURL = s
        case 14: current.receivedEventsURL = s
        case 15: current.type = s
        case 17: current.name = s
        case 18: current.company = s
        case 19: current.blog = s
        case 20: current.location = s
        case 21: current.email = s
        case 23: current.bio = s
        case 28: current.createdAt = s
        case 29: current.updatedAt = s
        default: break
        }
    }

    private func setNumber(_ text: UnsafeRawBufferPointer) {
        var value = 0
        for byte in text where byte >= 0x30 && byte <= 0x39 { value = value &* 10 &+ Int(byte - 0x30) }
        if text.first == UInt8(ascii: "-") { value = -value }
        switch field {
        case 1: current.id = value
        case 24: current.publicRepos = value
        case 25: current.publicGists = value
        case 26: current.followers = value
        case 27: current.following = value
        default: break
        }
    }

    private func setBool(_ value: Bool) {
        if field == 16 { current.siteAdmin = value } else if field == 22 { current.hireable = value }
    }

    private func setNull() {
        switch field {
        case 18: current.company = nil
        case 21: current.email = nil
        case 22: current.hireable = nil
        default: break
        }
    }

    private func endMap() {
        depth -= 1
        if depth == 0 {
            users.append(current)
            current = GitHubUser()
        }
    }
}
