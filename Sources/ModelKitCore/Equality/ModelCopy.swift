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
