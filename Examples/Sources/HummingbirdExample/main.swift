import Foundation
import Hummingbird
import HummingbirdService

// Usage: HummingbirdExample [port]   (default 8080, always 127.0.0.1)
let port = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 8080
try await buildApplication(host: "127.0.0.1", port: port).runService()
