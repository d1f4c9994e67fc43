import Foundation

/// Generated stand-ins for the corpus files too large to commit (twitter, canada, citm_catalog):
/// the same shapes, key names, value kinds and spellings (17-digit coordinates, `\/` escapes,
/// CJK text, Twitter dates, numeric-string keys), from a fixed seed, so every clone tests them.
enum CorpusSamples {
    static func twitter(statuses: Int = 60) -> [UInt8] {
        var random = SplitMix64(seed: 0x7717)
        func user(_ n: Int) -> [String: Any] {
            let id = Int64(random.next() % 3_000_000_000)
            return [
                "id": id, "id_str": String(id), "name": words(&random, 2), "screen_name": "user_\(n)",
                "location": words(&random, 1), "description": words(&random, 8),
                "url": random.next() % 3 == 0 ? NSNull() : "http://t.co/\(n)" as Any,
                "protected": false, "followers_count": Int(random.next() % 50_000), "friends_count": Int(random.next() % 2000),
                "listed_count": 3, "created_at": twitterDate(&random), "favourites_count": 12,
                "utc_offset": random.next() % 2 == 0 ? NSNull() : 32400 as Any,
                "time_zone": random.next() % 2 == 0 ? NSNull() : "Tokyo" as Any, "geo_enabled": false,
                "verified": random.next() % 9 == 0, "statuses_count": 579, "lang": "ja",
                "profile_image_url": "http://pbs.twimg.com/profile_images/\(n)/a_normal.jpeg",
                "profile_background_color": "C0DEED", "following": false,
            ]
        }
        func status(_ n: Int, retweet: [String: Any]?) -> [String: Any] {
            let id = 505_874_924_095_815_681 + Int64(n)
            let text = words(&random, 12)
            var status: [String: Any] = [
                "created_at": twitterDate(&random), "id": id, "id_str": String(id), "text": text,
                "source": "<a href=\"http://twitter.com/download/iphone\" rel=\"nofollow\">Twitter for iPhone</a>",
                "truncated": false,
                "in_reply_to_status_id": n % 4 == 0 ? id - 7 : NSNull() as Any,
                "in_reply_to_user_id": n % 4 == 0 ? 1_186_275_104 : NSNull() as Any,
                "in_reply_to_screen_name": n % 4 == 0 ? "reply_\(n)" : NSNull() as Any,
                "user": user(n), "retweet_count": Int(random.next() % 100), "favorite_count": Int(random.next() % 100),
                "entities": [
                    "hashtags": [["text": "一", "indices": [0, 2]]],
                    "urls": [] as [Any],
                    "user_mentions": [["screen_name": "m\(n)", "name": "名前", "id": 2_222, "id_str": "2222", "indices": [3, 10]]],
                ] as [String: Any],
                "favorited": false, "retweeted": false, "lang": "ja",
                "metadata": ["result_type": "recent", "iso_language_code": "ja"],
            ]
            if let retweet { status["retweeted_status"] = retweet }
            return status
        }
        var list: [[String: Any]] = []
        for n in 0..<statuses {
            list.append(status(n, retweet: n % 4 == 1 ? status(n + 10_000, retweet: nil) : nil))
        }
        let metadata: [String: Any] = [
            "completed_in": 0.087, "max_id": 505_874_924_095_815_681 + Int64(statuses), "max_id_str": "505874924095815741",
            "next_results": "?max_id=505874847260352512&q=%E4%B8%80&count=100&include_entities=1", "query": "%E4%B8%80",
            "refresh_url": "?since_id=505874924095815681&q=%E4%B8%80&include_entities=1", "count": statuses,
            "since_id": 0, "since_id_str": "0",
        ]
        return json(["statuses": list, "search_metadata": metadata], pretty: false)
    }

    /// A GeoJSON polygon: `rings` rings of `points` [longitude, latitude] pairs, each number
    /// written with 17 significant digits (the spelling that tests correctly rounded parsing).
    static func canada(rings: Int = 40, points: Int = 150) -> [UInt8] {
        var random = SplitMix64(seed: 0xCA7ADA)
        func coordinate(_ range: ClosedRange<Double>) -> String {
            let unit = Double(random.next() >> 11) / Double(1 << 53)
            return String(format: "%.17g", range.lowerBound + unit * (range.upperBound - range.lowerBound))
        }
        var ringTexts: [String] = []
        for _ in 0..<rings {
            let pairs = (0..<points).map { _ in "[" + coordinate(-141.0 ... -52.6) + "," + coordinate(41.7 ... 83.1) + "]" }
            ringTexts.append("[" + pairs.joined(separator: ",") + "]")
        }
        let text = #"{"type":"FeatureCollection","features":[{"type":"Feature","properties":{"name":"Canada"},"geometry":{"type":"Polygon","coordinates":["#
            + ringTexts.joined(separator: ",\n") + "]}}]}"
        return Array(text.utf8)
    }

    /// A ticketing catalog: dictionaries keyed by numeric strings, nulls, nested arrays; indented.
    static func citmCatalog(events: Int = 40) -> [UInt8] {
        var random = SplitMix64(seed: 0xC17)
        var names: [String: Any] = [:]
        for n in 0..<12 { names[String(205_705_993 + n)] = "Arrière-scène \(words(&random, 1)) \(n)" }
        var eventTable: [String: Any] = [:]
        var performances: [[String: Any]] = []
        for n in 0..<events {
            let id = 138_586_341 + n * 4
            eventTable[String(id)] = [
                "description": NSNull(), "id": id, "logo": n % 3 == 0 ? "/images/UE0AAAAACEKo6QAAAAZDSVRN" : NSNull() as Any,
                "name": words(&random, 3), "subTopicIds": [337_184_269, 337_184_283], "subjectCode": NSNull(),
                "subtitle": NSNull(), "topicIds": [324_846_099, 107_888_604],
            ] as [String: Any]
            performances.append([
                "eventId": id, "id": 339_887_544 + n, "logo": NSNull(), "name": NSNull(),
                "prices": [["amount": 90250, "audienceSubCategoryId": 337_100_890, "seatCategoryId": 338_937_295]],
                "seatCategories": [["areas": [["areaId": 205_705_999, "blockIds": [] as [Int]], ["areaId": 205_705_998, "blockIds": []]],
                                    "seatCategoryId": 338_937_295]],
                "seatMapImage": NSNull(), "start": 1_372_701_600_000 + Int64(n) * 86_400_000, "venueCode": "PLEYEL_PLEYEL",
            ])
        }
        let catalog: [String: Any] = [
            "areaNames": names, "audienceSubCategoryNames": ["337100890": "Abonné"], "blockNames": [String: Any](),
            "events": eventTable, "performances": performances, "seatCategoryNames": ["338937295": "Catégorie 1"],
            "subTopicNames": ["337184269": "Concert"], "subjectNames": [String: Any](), "topicNames": ["107888604": "Musique"],
            "topicSubTopics": ["107888604": [337_184_269, 337_184_283]], "venueNames": ["PLEYEL_PLEYEL": "Salle Pleyel"],
        ]
        return json(catalog, pretty: true)
    }

    private static let vocabulary = ["一", "日本語", "テスト", "naïve", "café", "emoji 😀", "quote \"q\"", "back\\slash",
                                     "slash/path", "line\nbreak", "tab\there", "model", "swift", "schema", "Ωmega", "RT @x:"]

    private static func words(_ random: inout SplitMix64, _ count: Int) -> String {
        (0..<count).map { _ in vocabulary[Int(random.next() % UInt64(vocabulary.count))] }.joined(separator: " ")
    }

    private static func twitterDate(_ random: inout SplitMix64) -> String {
        let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let r = random.next()
        func two(_ n: UInt64) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(days[Int(r % 7)]) \(months[Int(r >> 8 % 12)]) \(two(1 + r >> 16 % 28)) "
            + "\(two(r >> 24 % 24)):\(two(r >> 32 % 60)):\(two(r >> 40 % 60)) +0000 \(2009 + r >> 48 % 6)"
    }

    private static func json(_ object: Any, pretty: Bool) -> [UInt8] {
        let options: JSONSerialization.WritingOptions = pretty ? [.sortedKeys, .prettyPrinted] : [.sortedKeys]
        return Array(try! JSONSerialization.data(withJSONObject: object, options: options))
    }
}
