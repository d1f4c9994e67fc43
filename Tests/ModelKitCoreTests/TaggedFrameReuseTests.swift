import Foundation
import Testing
@testable import ModelKitCore

/// A finished tagged frame is reused for its union's next object at the same depth: each
/// element of these arrays must decode as if its frame were new, whatever the element before
/// it left behind (tag first or last, a case without payload, a dropped value, buffered members).
@Suite struct TaggedFrameReuseTests {
    @Test func internallyTaggedElementsShareNoState() throws {
        let json = #"""
        [{"type":"circle","radius":1},{"radius":2,"type":"circle"},{"type":"other","x":[1,{"a":2}]},
         {"type":"sq","side":3,"label":"a"},{"side":4,"type":"sq"},{"type":"unknown"},{"type":"circle","radius":5}]
        """#
        let shapes = try ModelDecoder().decode([TShape].self, from: json)
        #expect(shapes == [.circle(TCircle(radius: 1)), .circle(TCircle(radius: 2)), .unknown,
                           .square(TSquare(side: 3, label: "a")), .square(TSquare(side: 4)), .unknown, .circle(TCircle(radius: 5))])
    }

    @Test func droppedElementLeavesTheNextOneWhole() throws {
        // Under `.skip` a bad tag drops its element; the frame it used decodes the next one.
        let json = #"[{"type":1,"radius":9},{"type":"square","side":2},{"type":"hexagon","side":7},{"type":"circle","radius":3}]"#
        let shapes = try ModelDecoder(options: DecodingOptions(mismatch: .skip)).decode([TStrictShape].self, from: json)
        #expect(shapes == [.square(TSquare(side: 2)), .circle(TCircle(radius: 3))])
    }

    @Test func adjacentlyTaggedElementsShareNoState() throws {
        let json = #"""
        [{"kind":"opened","data":{"id":1}},{"data":{"id":2,"title":"b"},"kind":"closed"},{"kind":"ping"},
         {"kind":"opened","data":{"id":3,"title":"c"}}]
        """#
        let events = try ModelDecoder().decode([TEvent].self, from: json)
        #expect(events == [.opened(TIssue(id: 1)), .closed(TIssue(id: 2, title: "b")), .ping, .opened(TIssue(id: 3, title: "c"))])
    }

    @Test func externallyTaggedElementsShareNoState() throws {
        let json = #"[{"circle":{"radius":1}},{"none":{}},{"square":{"side":2}},{"none":null},{"circle":{"radius":3}}]"#
        let values = try ModelDecoder().decode([TEither].self, from: json)
        #expect(values == [.circle(TCircle(radius: 1)), .none, .square(TSquare(side: 2)), .none, .circle(TCircle(radius: 3))])
    }

    @Test func unionsNestedInPayloadsAtEveryDepth() throws {
        // The same union one level inside another object of it: frames are kept per depth.
        let json = #"""
        [{"name":"a","main":{"type":"circle","radius":1},"shapes":[{"type":"sq","side":1},{"type":"circle","radius":2}]},
         {"name":"b","main":{"type":"sq","side":5},"shapes":[{"type":"circle","radius":3}]}]
        """#
        let drawings = try ModelDecoder().decode([TDrawing].self, from: json)
        #expect(drawings.map(\.main) == [.circle(TCircle(radius: 1)), .square(TSquare(side: 5))])
        #expect(drawings.map(\.shapes) == [[.square(TSquare(side: 1)), .circle(TCircle(radius: 2))], [.circle(TCircle(radius: 3))]])
    }
}
