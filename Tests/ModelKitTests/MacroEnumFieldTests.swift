import Foundation
import ModelKit
import Testing

// A plain `enum State: String` (or Int-backed) property of an @Model type compiles and decodes
// without a ModelValue conformance of its own (the expansion once required one).

enum MacroState: String { case active, disabled }
enum MacroPriority: Int { case low = 1, high = 3 }

@Model
struct MTask {
    var title = ""
    var state = MacroState.active
    @Key("prio") var priority: MacroPriority?
}

@Model
final class MTaskClass {
    var state: MacroState = .disabled
}

@Suite struct MacroEnumFieldTests {
    @Test func plainEnumsWorkInMacroModels() throws {
        let task = try MTask(json: #"{"title": "t", "state": "disabled", "prio": 3}"#)
        #expect(task.state == .disabled)
        #expect(task.priority == .high)
        let json = try String(decoding: task.jsonBytes(options: EncodingOptions(sortedKeys: true)), as: UTF8.self)
        #expect(json == #"{"prio":3,"state":"disabled","title":"t"}"#)
        #expect(throws: ModelDecodingError.self) { try MTask(json: #"{"state": "paused"}"#) }
        #expect(try MTaskClass(json: #"{"state": "active"}"#).state == .active)
    }
}
