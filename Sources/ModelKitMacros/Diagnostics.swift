import SwiftDiagnostics
import SwiftSyntax

/// Every message the ModelKit macros can emit, with a stable ID per case.
enum ModelKitDiagnostic: DiagnosticMessage {
    case modelOnUnsupportedDecl(kind: String)
    case letWithoutValue(name: String)
    case varWithoutValue(name: String)
    case tuplePattern
    case nonRequiredInit(type: String)
    case handWrittenSchema
    case duplicateMarker(marker: String)
    case requiredOnIgnored
    case keyWithoutKeys
    case emptyKey
    case markerOnComputed(marker: String)
    case markerOnStatic(marker: String)
    case markerOnLazy(marker: String)
    case markerOnLetWithValue(marker: String)
    case markerOnNonProperty(marker: String)
    case markerOutsideModel(marker: String)
    case caseWithSeveralPayloads(name: String, count: Int)
    case payloadNotAModel(name: String, type: String, reason: String)
    case taggedCaseWithRawValue(name: String)
    case defaultWithPayload(name: String)
    case duplicateTag(tag: String, first: String, second: String)
    case severalDefaults(names: [String])
    case enumWithoutPayloads
    case markedCaseList
    case defaultOutsideTaggedEnum
    case externalEnumNeedsConformance(name: String)
    case checkWithoutChecks
    case checkOnIgnored
    case checkCannotApply(check: String, property: String, type: String, applies: String)

    var message: String {
        switch self {
        case .checkOnIgnored:
            return "@Check has no effect on an @Ignore property: it is never decoded"
        case .checkWithoutChecks:
            return "@Check needs at least one check, e.g. @Check(.range(1...10))"
        case .checkCannotApply(let check, let property, let type, let applies):
            return "check '.\(check)' cannot apply to '\(property)' of type '\(type)': it checks \(applies)"
        case .modelOnUnsupportedDecl(let kind):
            return "@Model applies to a struct, a class or an enum, not to \(kind); write the conformance and its schema by hand instead"
        case .letWithoutValue(let name):
            return "'let \(name)' has no initial value and cannot be set after init(); declare it 'var' so decoding can set it"
        case .varWithoutValue(let name):
            return "'\(name)' needs an initial value or an Optional type: @Model types are created with init() and then filled from JSON"
        case .tuplePattern:
            return "@Model cannot map a tuple pattern; declare each property separately"
        case .nonRequiredInit(let type):
            return "'init()' of the non-final model class '\(type)' must be 'required' so that subclasses and decoding can use it"
        case .handWrittenSchema:
            return "@Model generates 'schema'; remove this declaration or remove @Model and write the whole schema by hand"
        case .duplicateMarker(let marker):
            return "@\(marker) appears more than once on this property; list every key in one @Key(\"a\", \"b\")"
        case .requiredOnIgnored:
            return "@Required has no effect on an @Ignore property: it is never read from JSON"
        case .keyWithoutKeys:
            return "@Key needs at least one JSON key, e.g. @Key(\"id\")"
        case .emptyKey:
            return "an empty key never matches a JSON key"
        case .markerOnComputed(let marker):
            return "@\(marker) applies to stored properties only; a computed property is never mapped"
        case .markerOnStatic(let marker):
            return "@\(marker) applies to instance properties only; static and class properties are never mapped"
        case .markerOnLazy(let marker):
            return "@\(marker) has no effect on a 'lazy' property: lazy properties are never mapped"
        case .markerOnLetWithValue(let marker):
            return "@\(marker) has no effect on a 'let' with an initial value: it cannot be set, so it is never mapped; declare it 'var'"
        case .markerOnNonProperty(let marker):
            return "@\(marker) applies only to stored properties of a @Model type"
        case .markerOutsideModel(let marker):
            return "@\(marker) has no effect outside a @Model type"
        case .caseWithSeveralPayloads(let name, let count):
            return "case '\(name)' carries \(count) values; a case of a @Model enum carries one model or nothing (wrap the values in a @Model struct)"
        case .payloadNotAModel(let name, let type, let reason):
            return "case '\(name)' carries '\(type)', \(reason), not a model; a case of a @Model enum carries one Model type (wrap it in a @Model struct)"
        case .taggedCaseWithRawValue(let name):
            return "case '\(name)' has a raw value; a @Model enum is tagged by case name or @Key, not by raw values"
        case .defaultWithPayload(let name):
            return "@Default marks a case without payload, and case '\(name)' carries one; an unknown tag cannot build a payload"
        case .duplicateTag(let tag, let first, let second):
            return "cases '\(first)' and '\(second)' share the tag \"\(tag)\"; give one of them another @Key"
        case .severalDefaults(let names):
            return "only one case may be @Default; found \(names.map { "'\($0)'" }.joined(separator: ", "))"
        case .enumWithoutPayloads:
            return "@Model on an enum describes a tagged union, and no case carries a model; an enum with String or integer raw values is a ModelValue already"
        case .markedCaseList:
            return "@Key and @Default apply to one case; declare each case of this list on its own line"
        case .defaultOutsideTaggedEnum:
            return "@Default marks a case without payload of a @Model enum"
        case .externalEnumNeedsConformance(let name):
            return "@Model on enum '\(name)' makes it externally tagged ({\"case\": {…}}) and SchemaCodable, which its own Codable conformance rules out; declare 'enum \(name): TaggedModel' to keep your coding; or name a tag: @Model(tag: \"type\")"
        }
    }

    var diagnosticID: MessageID {
        let id: String
        switch self {
        case .modelOnUnsupportedDecl: id = "modelOnUnsupportedDecl"
        case .letWithoutValue: id = "letWithoutValue"
        case .varWithoutValue: id = "varWithoutValue"
        case .tuplePattern: id = "tuplePattern"
        case .nonRequiredInit: id = "nonRequiredInit"
        case .handWrittenSchema: id = "handWrittenSchema"
        case .duplicateMarker: id = "duplicateMarker"
        case .requiredOnIgnored: id = "requiredOnIgnored"
        case .keyWithoutKeys: id = "keyWithoutKeys"
        case .emptyKey: id = "emptyKey"
        case .markerOnComputed: id = "markerOnComputed"
        case .markerOnStatic: id = "markerOnStatic"
        case .markerOnLazy: id = "markerOnLazy"
        case .markerOnLetWithValue: id = "markerOnLetWithValue"
        case .markerOnNonProperty: id = "markerOnNonProperty"
        case .markerOutsideModel: id = "markerOutsideModel"
        case .caseWithSeveralPayloads: id = "caseWithSeveralPayloads"
        case .payloadNotAModel: id = "payloadNotAModel"
        case .taggedCaseWithRawValue: id = "taggedCaseWithRawValue"
        case .defaultWithPayload: id = "defaultWithPayload"
        case .duplicateTag: id = "duplicateTag"
        case .severalDefaults: id = "severalDefaults"
        case .enumWithoutPayloads: id = "enumWithoutPayloads"
        case .markedCaseList: id = "markedCaseList"
        case .defaultOutsideTaggedEnum: id = "defaultOutsideTaggedEnum"
        case .externalEnumNeedsConformance: id = "externalEnumNeedsConformance"
        case .checkWithoutChecks: id = "checkWithoutChecks"
        case .checkOnIgnored: id = "checkOnIgnored"
        case .checkCannotApply: id = "checkCannotApply"
        }
        return MessageID(domain: "ModelKitMacros", id: id)
    }

    var severity: DiagnosticSeverity {
        switch self {
        case .requiredOnIgnored, .markerOutsideModel: return .warning
        default: return .error
        }
    }
}

/// A fix-it message.
struct ModelKitFixIt: FixItMessage {
    let message: String
    var fixItID: MessageID { MessageID(domain: "ModelKitMacros", id: message) }

    init(_ message: String) { self.message = message }
}

/// A note attached to a diagnostic.
struct ModelKitNote: NoteMessage {
    let message: String
    var noteID: MessageID { MessageID(domain: "ModelKitMacros", id: message) }

    init(_ message: String) { self.message = message }
}
