// Built only with `scripts/bench.sh --macro` (MODELKIT_BENCH_MACRO=1): the `@Model` contender needs
// the ModelKit product, whose macro plugin builds swift-syntax in release (many minutes on 2 cores).
// Macro and hand-written schemas compile to the same tables, so the default run leaves it out.
#if MACRO_CONTENDER
import ModelKit

/// The same 30 fields as ``GitHubUser``, with the schema written by the `@Model` macro.
@Model(keys: .snakeCase)
struct MacroGitHubUser {
    var login = ""
    var id = 0
    @Key("avatar_url") var avatarURL = ""
    @Key("gravatar_id") var gravatarID = ""
    var url = ""
    @Key("html_url") var htmlURL = ""
    @Key("followers_url") var followersURL = ""
    @Key("following_url") var followingURL = ""
    @Key("gists_url") var gistsURL = ""
    @Key("starred_url") var starredURL = ""
    @Key("subscriptions_url") var subscriptionsURL = ""
    @Key("organizations_url") var organizationsURL = ""
    @Key("repos_url") var reposURL = ""
    @Key("events_url") var eventsURL = ""
    @Key("received_events_url") var receivedEventsURL = ""
    var type = ""
    var siteAdmin = false
    var name = ""
    var company: String?
    var blog = ""
    var location = ""
    var email: String?
    var hireable: Bool?
    var bio = ""
    var publicRepos = 0
    var publicGists = 0
    var followers = 0
    var following = 0
    var createdAt: String?
    var updatedAt: String?
}
#endif
