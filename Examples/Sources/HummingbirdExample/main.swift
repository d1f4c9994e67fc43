import Foundation
import Hummingbird
import HummingbirdService

// Usage: HummingbirdExample [port]   (default 8080)
// Listens on 127.0.0.1 unless HOST says otherwise (the container image sets HOST=0.0.0.0).
let port = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 8080
let host = ProcessInfo.processInfo.environment["HOST"] ?? "127.0.0.1"
try await buildApplication(host: host, port: port).runService()
