import ModelKit

// What the macro doc comments' examples use without declaring it (see ModelKitCoreTests'
// DocCommentContexts.swift).

extension ModelKitDocArticle {
    @Model struct Circle { var radius = 0.0 }
    @Model struct Square { var side = 0.0 }
}
