import Foundation
import Testing
@testable import ModelKitCore

// A recursive Codable type nests one bridge decode per level: each level's stack must stay
// within what JSONDecoder uses, so a depth the limits allow never overflows a server thread.

private final class ChainNode: Decodable {
    let value: Int
    let child: ChainNode?
}

private final class Outcome: @unchecked Sendable {
    var depth = 0
}

struct CodableStackDepthTests {
    static func document(depth: Int) -> [UInt8] {
        Array((String(repeating: #"{"value":1,"child":"#, count: depth) + "null" + String(repeating: "}", count: depth)).utf8)
    }

    /// Runs `body` on a thread with `stackSize` bytes of stack and waits for it.
    static func onThread(stackSize: Int, _ body: @escaping @Sendable () -> Void) {
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            body()
            done.signal()
        }
        thread.stackSize = stackSize
        thread.start()
        done.wait()
    }

    @Test func depth400DecodesOnAOneMebibyteThread() {
        let bytes = Self.document(depth: 400)
        let outcome = Outcome()
        Self.onThread(stackSize: 1 << 20) {
            var node = try? ModelDecoder().decode(ChainNode.self, from: bytes)
            while let current = node {
                outcome.depth += 1
                node = current.child
            }
        }
        #expect(outcome.depth == 400)
    }
}
