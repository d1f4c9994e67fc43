import Foundation
@testable import ModelKitCore

/// One model type under test: its two schemas and how its JSON round-trips through ModelKit.
struct SchemaSubject {
    let name: String
    let encoderSchema: JSONValue
    let decoderSchema: JSONValue
    /// The schema of strict decoding that fails on unknown keys.
    let closedSchema: JSONValue
    /// Encodes `M()` and the given samples.
    let encodedSamples: () throws -> [JSONValue]
    /// Decodes a document as `M` with these options and encodes the result again.
    let roundTrip: (JSONValue, DecodingOptions) throws -> JSONValue

    static let strict = DecodingOptions(conversion: .strict)
    static let closed = DecodingOptions(conversion: .strict, unknownKeys: .fail)

    static func of<M: Model>(_ type: M.Type, _ samples: [M] = []) -> SchemaSubject {
        SchemaSubject(
            name: M.schema.typeName,
            encoderSchema: M.jsonSchema(),
            decoderSchema: M.jsonSchema(options: JSONSchemaOptions(view: .strictDecoder)),
            closedSchema: M.jsonSchema(options: JSONSchemaOptions(view: .strictDecoder, decoding: closed)),
            encodedSamples: { try ([M()] + samples).map { try json(ModelEncoder().encode($0)) } },
            roundTrip: { document, options in
                let decoded = try ModelDecoder(options: options).decode(M.self, from: ModelEncoder().encode(document))
                return try json(ModelEncoder().encode(decoded))
            })
    }

    /// Whether strict decoding (with `options`) accepts `document`.
    func decodes(_ document: JSONValue, _ options: DecodingOptions) -> Bool {
        (try? roundTrip(document, options)) != nil
    }

    /// An example of the encoder schema, decoded strictly and encoded again (the encoder's own
    /// output for a model with every field filled).
    func filledEncoding() throws -> JSONValue {
        var lastError: (any Error)?
        let defaults = try encodedSamples()[0]
        for omittingAny in [false, true] {
            guard var example = SchemaValidator.example(encoderSchema, in: encoderSchema, omittingAny: omittingAny) else { continue }
            // A value no schema can list (a raw value of an enum that is not CaseIterable) takes
            // the default model's value at that place.
            for _ in 0..<8 {
                do {
                    return try roundTrip(example, Self.strict)
                } catch let error as ModelDecodingError {
                    lastError = error
                    let path = Self.steps(error.path)
                    // Not in the default model (a nil optional): left out.
                    example = Self.replacing(path[...], in: example, with: Self.value(at: path[...], in: defaults))
                } catch {
                    lastError = error
                    break
                }
            }
        }
        throw lastError ?? ModelValueError("no example for \(name)")
    }

    /// `$.a.b[2].c` → keys and indexes.
    static func steps(_ path: String) -> [SchemaMutations.Step] {
        var steps: [SchemaMutations.Step] = []
        for part in path.dropFirst().split(separator: ".") {
            var name = Substring(part)
            var indexes: [Int] = []
            while name.hasSuffix("]"), let open = name.lastIndex(of: "[") {
                indexes.insert(Int(name[name.index(after: open)..<name.index(before: name.endIndex)]) ?? 0, at: 0)
                name = name[..<open]
            }
            if !name.isEmpty { steps.append(.key(String(name))) }
            steps += indexes.map { .index($0) }
        }
        return steps
    }

    static func value(at path: ArraySlice<SchemaMutations.Step>, in value: JSONValue) -> JSONValue? {
        guard let step = path.first else { return value }
        switch step {
        case .key(let key): return value[key].flatMap { self.value(at: path.dropFirst(), in: $0) }
        case .index(let i): return value[i].flatMap { self.value(at: path.dropFirst(), in: $0) }
        }
    }

    static func replacing(_ path: ArraySlice<SchemaMutations.Step>, in value: JSONValue, with replacement: JSONValue?) -> JSONValue {
        guard let step = path.first else { return replacement ?? .null }
        var value = value
        switch step {
        case .key(let key) where path.count == 1 && replacement == nil: value[key] = nil
        case .key(let key): value[key] = replacing(path.dropFirst(), in: value[key] ?? .null, with: replacement)
        case .index(let i): value[i] = replacing(path.dropFirst(), in: value[i] ?? .null, with: replacement)
        }
        return value
    }
}

func json(_ bytes: [UInt8]) throws -> JSONValue { try ModelDecoder().decode(JSONValue.self, from: bytes) }

/// Arrays cut to two elements: mutations of a large document stay small.
func trimmed(_ value: JSONValue) -> JSONValue {
    switch value {
    case .array(let elements): return .array(elements.prefix(2).map(trimmed))
    case .object(let members):
        var object = JSONObject()
        for (key, member) in members { object[key] = trimmed(member) }
        return .object(object)
    default: return value
    }
}

extension SchemaSubject {
    /// Every model the JSON Schema tests cover: this suite's, the shared test models, models of
    /// other suites, and the benchmark models.
    static func all() -> [SchemaSubject] { [
        of(Book.self, [Book(name: "YYModel", pages: 256, desc: "a book", bookID: "b-1")]),
        of(User.self), of(Status.self), of(Timeline.self),
        of(SchemaKitchen.self), of(SchemaAuthor.self), of(SchemaTree.self), of(SchemaForest.self), of(SchemaZoo.self, [zooSample()]),
        of(AllTypes.self), of(Stamped.self), of(Everything.self), of(Scalars.self), of(ArchivedBook.self), of(Session.self),
        of(PlainRecord.self), of(UserHolder.self, [userHolderSample()]), of(Renamed.self), of(RequiredFields.self), of(SharedKeys.self),
        of(OddKeys.self), of(Shelf.self), of(Node.self), of(Profile.self), of(Device.self), of(WideStruct.self),
        of(IntList.self), of(HostileNode.self), of(DateHolder.self), of(AnyHolder.self), of(LongHolder.self),
        of(PolyNode.self), of(PrepNode.self), of(SharedKeyNode.self),
        of(Gallery.self, [KeyPathIndexEncodingTests.full]), of(Cover.self, [Cover(url: "c")]), of(ImageIndex.self, [imageIndexSample()]),
        of(CorpusTimeline.self), of(CorpusTweet.self), of(CorpusTwitterUser.self), of(CorpusFeature.self),
        of(CorpusCanada.self), of(CorpusWeibo.self),
        of(Bench.TwitterTimeline.self), of(Bench.Tweet.self), of(Bench.TwitterUser.self), of(Bench.Catalog.self),
        of(Bench.FeatureCollection.self), of(Bench.WeiboStatus.self), of(Bench.GitHubUser.self),
        of(Bench.Issue.self, [Bench.Issue.sample()]), of(Bench.GeoPoint.self), of(Bench.TextDocument.self),
    ] }
}

/// Subclasses in polymorphic fields: the encoder writes their own keys.
private func userHolderSample() -> UserHolder {
    var holder = UserHolder()
    let local = LocalUser(); local.name = "l"; local.localName = "here"
    let remote = RemoteUser(); remote.name = "r"; remote.remoteName = "there"
    holder.user = local
    holder.users = [local, remote, BaseUser()]
    holder.byName = ["r": remote]
    return holder
}

private func zooSample() -> SchemaZoo {
    var zoo = SchemaZoo()
    let dog = SchemaDog(); dog.name = "Rex"; dog.breed = "collie"
    let cat = SchemaCat(); cat.name = "Tom"; cat.lives = 7
    zoo.animals = [dog, cat, SchemaAnimal()]
    zoo.star = cat
    zoo.dogs = [dog]
    let circle = SchemaCircle(); circle.radius = 1.5
    let square = SchemaSquare(); square.side = 2
    zoo.shapes = [circle, square]
    return zoo
}

/// Key-path arrays with a field on their head, and a gap before the last index.
private func imageIndexSample() -> ImageIndex {
    var index = ImageIndex()
    index.all = [GalleryImage(url: "a", width: 1)]
    index.ratio = 0.5
    index.scale = 2
    return index
}
