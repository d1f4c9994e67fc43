import ModelKitCore

/// The server preset for the streaming upload endpoints. `DecodingLimits` bound each record of
/// a stream (API.md); the stream decoder of this version also counts `maxInputBytes` over the
/// whole stream, so the upload lifts that one bound: strings, depth and strict types stay `.server`.
public let streamOptions: DecodingOptions = {
    var options = DecodingOptions.server
    options.limits.maxInputBytes = .max
    return options
}()

/// A GitHub issue as JSON (the same as `Fixtures/issue.json`), the template of the export endpoints.
public let sampleIssueJSON = #"""
{"url":"https://api.github.com/repos/octocat/Hello-World/issues/1347","repository_url":"https://api.github.com/repos/octocat/Hello-World","html_url":"https://github.com/octocat/Hello-World/issues/1347","id":1,"node_id":"MDU6SXNzdWUx","number":1347,"title":"Found a bug in the JSON decoder when keys arrive out of order","user":{"login":"octocat","id":1,"node_id":"MDQ6VXNlcj1","avatar_url":"https://avatars.githubusercontent.com/u/1?v=4","html_url":"https://github.com/octocat","type":"User","site_admin":false},"labels":[{"id":208045946,"name":"bug","color":"f29513","default":true,"description":"Something isn't working"},{"id":208045947,"name":"decoder","color":"1d76db","default":false,"description":"Parsing and decoding"}],"state":"open","locked":false,"assignee":{"login":"hubot","id":2,"node_id":"MDQ6VXNlcj2","avatar_url":"https://avatars.githubusercontent.com/u/2?v=4","html_url":"https://github.com/hubot","type":"User","site_admin":false},"assignees":[{"login":"hubot","id":2,"node_id":"MDQ6VXNlcj2","avatar_url":"https://avatars.githubusercontent.com/u/2?v=4","html_url":"https://github.com/hubot","type":"User","site_admin":false},{"login":"monalisa","id":3,"node_id":"MDQ6VXNlcj3","avatar_url":"https://avatars.githubusercontent.com/u/3?v=4","html_url":"https://github.com/monalisa","type":"User","site_admin":false}],"milestone":{"id":1002604,"number":1,"title":"v1.0","description":"Tracking milestone for version 1.0","creator":{"login":"octocat","id":1,"node_id":"MDQ6VXNlcj1","avatar_url":"https://avatars.githubusercontent.com/u/1?v=4","html_url":"https://github.com/octocat","type":"User","site_admin":false},"open_issues":4,"closed_issues":8,"state":"open","due_on":"2026-10-09T23:39:01Z"},"comments":3,"created_at":"2026-04-22T13:33:48Z","updated_at":"2026-04-22T13:33:48Z","closed_at":null,"author_association":"COLLABORATOR","body":"Decoding a payload whose keys come in another order than the declaration fails with an unhelpful message.\n\nSteps: send the issue JSON to POST /issues and look at the answer. Expected the triaged issue back. Details follow. Details follow. Details follow. Details follow. Details follow. Details follow. Details follow. Details follow. "}
"""#
