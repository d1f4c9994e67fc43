#if Hummingbird
public import Hummingbird
public import ModelKitCore
import NIOCore

extension ModelEncoder: ResponseEncoder {
    /// A 200 response whose body is `value` as JSON, written straight into a `ByteBuffer`,
    /// with `Content-Type: application/json; charset=utf-8`.
    public func encode(_ value: some Encodable, from request: Request, context: some RequestContext) throws -> Response {
        let buffer = try withEncodedBytes(value) { bytes in
            var buffer = ByteBufferAllocator().buffer(capacity: bytes.count)
            buffer.writeBytes(bytes)
            return buffer
        }
        return Response(
            status: .ok,
            headers: [.contentType: "application/json; charset=utf-8", .contentLength: String(buffer.readableBytes)],
            body: ResponseBody(byteBuffer: buffer)
        )
    }
}
#endif
