import Foundation

/// The results table (Markdown) and the SVG chart.
enum Report {
    static func table(_ results: [TaskResult]) -> String {
        var out = "| task | size | contender | MB/s | ns/object | spread (MB/s) | allocs/object | heap/object | ModelKit speedup |\n"
        out += "|---|---:|---|---:|---:|---:|---:|---:|---:|\n"
        for result in results {
            let reference = result.modelKit
            for m in result.measurements {
                let spread = String(format: "%.0f–%.0f", Double(result.bytes) / m.maxNanos * 1000, Double(result.bytes) / m.minNanos * 1000)
                let speedup = reference.map { String(format: "%.2f×", m.medianNanos / $0.medianNanos) } ?? "–"
                out += "| \(result.task) | \(size(result.bytes)) | \(m.contender) | "
                out += String(format: "%.0f", result.megabytesPerSecond(m))
                out += " | " + String(format: "%.0f", m.medianNanos / Double(max(result.objects, 1)))
                out += " | \(spread) | " + String(format: "%.1f", m.allocationsPerObject) + " | \(size(Int(m.heapBytesPerObject))) | \(speedup) |\n"
            }
        }
        return out
    }

    static func size(_ bytes: Int) -> String {
        if bytes >= 1_000_000 { return String(format: "%.1f MB", Double(bytes) / 1e6) }
        if bytes >= 1000 { return String(format: "%.0f KB", Double(bytes) / 1e3) }
        return "\(bytes) B"
    }

    private static let palette = ["#e4572e", "#4c72b0", "#55a868", "#c44e52", "#8172b2", "#937860", "#da8bc3", "#8c8c8c"]

    /// Horizontal bars per task, one per contender (MB/s), like YYModel's README chart.
    static func svg(_ results: [TaskResult], title: String) -> String {
        var contenders: [String] = []
        for name in results.flatMap({ $0.measurements.map(\.contender) }) where !contenders.contains(name) { contenders.append(name) }
        let barHeight = 14.0, gap = 6.0, groupGap = 22.0, left = 190.0, width = 560.0
        let maxRate = results.flatMap { r in r.measurements.map { r.megabytesPerSecond($0) } }.max() ?? 1
        var y = 50.0
        var body = ""
        for result in results {
            body += "<text x=\"10\" y=\"\(y + 10)\" font-weight=\"bold\">\(escape(result.task))</text>\n"
            y += 16
            for m in result.measurements {
                let rate = result.megabytesPerSecond(m)
                let w = max(1, rate / maxRate * width)
                let color = palette[(contenders.firstIndex(of: m.contender) ?? 0) % palette.count]
                body += "<text x=\"\(left - 6)\" y=\"\(y + barHeight - 3)\" text-anchor=\"end\">\(escape(m.contender))</text>\n"
                body += "<rect x=\"\(left)\" y=\"\(y)\" width=\"\(String(format: "%.1f", w))\" height=\"\(barHeight)\" fill=\"\(color)\"/>\n"
                body += "<text x=\"\(left + w + 4)\" y=\"\(y + barHeight - 3)\">\(String(format: "%.0f MB/s", rate))</text>\n"
                y += barHeight + gap
            }
            y += groupGap
        }
        return """
        <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(left + width + 110))" height="\(Int(y + 10))" font-family="Helvetica, Arial, sans-serif" font-size="12">
        <rect width="100%" height="100%" fill="white"/>
        <text x="10" y="24" font-size="16" font-weight="bold">\(escape(title))</text>
        \(body)</svg>

        """
    }

    private static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
    }
}
