extension Model where Self: AnyObject {
    /// A new instance of the same dynamic type with every field copied (mapped or not).
    ///
    /// Deep for models: a field holding a model class instance — directly, in an `Optional`, an
    /// `Array`, a `Set` or a `[String: V]` — gets a copy of that instance too, so the copy
    /// shares no model object with the original. Other reference types are shared.
    public func modelCopy() -> Self {
        let type = Swift.type(of: self)
        let copy = type.init()
        var source = self
        var target = copy
        let schema = type.schema
        withUnsafePointer(to: &source) { from in
            withUnsafeMutablePointer(to: &target) { to in
                for slot in schema.slots { slot.access.copy(UnsafeRawPointer(from), UnsafeMutableRawPointer(to)) }
            }
        }
        return copy
    }
}

extension ModelValue {
    /// Value types copy themselves; model classes and containers of them override.
    public func _deepCopy() -> Self { self }
}

extension Model where Self: AnyObject {
    public func _deepCopy() -> Self { modelCopy() }
}

extension Optional where Wrapped: ModelValue {
    public func _deepCopy() -> Wrapped? { map { $0._deepCopy() } }
}

extension Array where Element: ModelValue {
    public func _deepCopy() -> [Element] { map { $0._deepCopy() } }
}

extension Set where Element: ModelValue {
    public func _deepCopy() -> Set<Element> { Set(map { $0._deepCopy() }) }
}

extension Dictionary where Key == String, Value: ModelValue {
    public func _deepCopy() -> [String: Value] { mapValues { $0._deepCopy() } }
}
