import Foundation
import Vapor
import VaporService

// Usage: VaporExample [port]   (default 8080, always 127.0.0.1)
let port = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 8080
var environment = Environment.production
environment.arguments = [CommandLine.arguments[0]]
let app = try await Application.make(environment)
app.logger.logLevel = .warning
app.http.server.configuration.hostname = "127.0.0.1"
app.http.server.configuration.port = port
do {
    try configure(app)
    try await app.execute()
} catch {
    app.logger.report(error: error)
}
try await app.asyncShutdown()
