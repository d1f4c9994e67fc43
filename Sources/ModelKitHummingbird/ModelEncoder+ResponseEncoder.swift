#if Hummingbird
public import Hummingbird
public import ModelKitCore
import NIOCore

extension ModelEncoder: ResponseEncoder {
    /// A 200 response whose body is `value` as JSON, written straight into a `ByteBuffer`,
    /// with `Content-Type: application/json; charset=utf-8`.
    public func encode(_ value: some Encodable, from request: Request, context: some RequestContext) throws -> Response {
        let room = expectedByteCount
        var buffer = ByteBufferAllocator().buffer(capacity: room)
        try encode(value, into: &buffer, room: room)
        return Response(
            status: .ok,
            headers: [.contentType: "application/json; charset=utf-8", .contentLength: String(buffer.readableBytes)],
            body: ResponseBody(byteBuffer: buffer)
        )
    }

    /// Writes `value` as JSON at the end of `buffer`, in place: the encoder writes into the
    /// buffer's own memory (``ModelEncoder/encode(_:into:spill:)-(T,_,_)``), and copies only
    /// when the JSON outgrew the room it was given (then the buffer grows once).
    func encode<T: Encodable>(_ value: T, into buffer: inout ByteBuffer, room: Int) throws {
        var spilled: [UInt8]?
        try buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: room) { memory in
            try encode(value, into: memory) { spilled = Array($0) }
        }
        if let spilled { buffer.writeBytes(spilled) }
    }
}
#endif
