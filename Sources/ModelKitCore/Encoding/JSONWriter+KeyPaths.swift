/// The writer's walk over a model's output plan: members, key-path groups (nested objects, and
/// arrays for keys with indexes), and the located path of a value that cannot be written.
///
/// A group is pushed pending and written (`"ext":{`, `"images":[`) only when its first member
/// is, so a group whose members are all left out (nil under `nils: .omit`) leaves nothing.
extension JSONWriter {
    /// The members of a model or group; in an array group each member is an element (a plan node
    /// without key bytes), written after nulls for the indexes before it (see `writeKey`).
    func writeMembers(_ plan: Unmanaged<OutputPlan>, first: Int, count memberCount: Int, _ root: UnsafeRawPointer) throws {
        for index in first..<(first + memberCount) {
            let node = plan._withUnsafeGuaranteedRef { $0.nodes[index] }
            if let slot = node.slot {
                pendingKey = .planned(plan, index)
                // Why a guaranteed reference: the output plan's slots are the schema's, alive with it.
                try slot._withUnsafeGuaranteedRef { try $0.access.visit(root, self) }
                pendingKey = .none
            } else {
                try writeGroup(plan, node, index, root)
            }
        }
    }

    /// A key-path group (`"ext": {…}` or `"images": […]`): written only when one of its members is.
    private func writeGroup(_ plan: Unmanaged<OutputPlan>, _ node: OutputPlan.Node, _ index: Int, _ root: UnsafeRawPointer) throws {
        stack.append(Container(isArray: node.isArray, isPending: true, plan: plan, node: index))
        try writeMembers(plan, first: node.firstChild, count: node.childCount, root)
        let closed = stack.removeLast()
        if closed.isPending { return }
        if pretty && closed.count > 0 { newline(depth: stack.count) }
        put(closed.isArray ? UInt8(ascii: "]") : UInt8(ascii: "}"))
    }

    /// Writes `"group": {` (or `[`, or nulls and `{` for an element) for the key-path groups that
    /// now have a member.
    func openPendingGroups() {
        let first = stack.firstIndex { $0.isPending }!
        for i in first..<stack.count {
            if i > 0 {
                if stack[i - 1].count > 0 { put(UInt8(ascii: ",")) }
                stack[i - 1].count += 1
                if pretty { newline(depth: i) }
            }
            if let plan = stack[i].plan { writeKey(plan, stack[i].node, in: i - 1) }
            put(stack[i].isArray ? UInt8(ascii: "[") : UInt8(ascii: "{"))
            stack[i].isPending = false
        }
    }

    /// Fills array group `index` with nulls up to `element`. The value at `element` has begun
    /// (its comma written and counted), so it takes the place the count says once nulls fill the gap.
    func padElements(_ index: Int, upTo element: Int) {
        while stack[index].count - 1 < element {
            put("null,")
            stack[index].count += 1
            if pretty { newline(depth: index + 1) }
        }
    }

    /// `$.items[2].price`, from the open containers and the member being written.
    func currentPath() -> String {
        var path = JSONPath.root
        let top = stack.count - 1
        for i in 0..<stack.count {
            let container = stack[i]
            // A group not written yet names itself; a written container names its current member.
            let pendingChild = i < top && stack[i + 1].isPending ? stack[i + 1] : nil
            if container.isArray {
                // The value being written has been counted once it began (a container below this one).
                var element = i == top ? container.count : container.count - 1
                if i == top, case .planned(let plan, let node) = pendingKey {
                    element = plan.takeUnretainedValue().nodes[node].element
                } else if let child = pendingChild, let plan = child.plan {
                    element = plan.takeUnretainedValue().nodes[child.node].element
                }
                path.appendPathIndex(element)
                continue
            }
            var key: String?
            if i == top {
                switch pendingKey {
                case .planned(let plan, let node): key = plan.takeUnretainedValue().keys[plan.takeUnretainedValue().nodes[node].keyIndex]
                case .text: key = container.textKey >= 0 ? textKeys[container.textKey] : nil
                case .none: break
                }
            }
            if key == nil, let child = pendingChild, let plan = child.plan {
                key = plan.takeUnretainedValue().keys[plan.takeUnretainedValue().nodes[child.node].keyIndex]
            }
            if key == nil, let plan = container.plan, container.node >= 0 {
                key = plan.takeUnretainedValue().keys[plan.takeUnretainedValue().nodes[container.node].keyIndex]
            }
            if key == nil, container.textKey >= 0 { key = textKeys[container.textKey] }
            if key == nil, container.memberStart >= 0 { key = writtenKey(at: container.memberStart) }
            if let key { path.appendPathKey(key) }
        }
        return path
    }
}
