import Foundation
import Testing
@testable import ModelKitCore

@Suite struct JSONSchemaTests {
    @Test func explore() throws {
        for subject in SchemaSubject.all() where ["AllTypes", "Everything", "Device"].contains(subject.name) {
            do { _ = try subject.filledEncoding() } catch { print(subject.name, error, try subject.encodedSamples()[0]) }
        }
    }
}
