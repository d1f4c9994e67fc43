// The engine's internal types lost their leading underscore (issue 11). These aliases keep the
// files being changed on other branches at the same time (Encoding/JSONWriter.swift, Codable/)
// compiling unchanged; once those branches are merged, rename their uses and delete this file.

typealias _DecodeEngine = DecodeEngine
typealias _DecodeFrame = DecodeFrame
typealias _ContainerKind = ContainerKind
typealias _Scalar = ScalarToken
typealias _ValueVisitor = ValueVisitor
