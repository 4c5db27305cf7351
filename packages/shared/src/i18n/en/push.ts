/** English texts of the open API, history, follow notices and webhooks (issue 4). */
export const push: Record<string, string> = {
  // Open API errors (Torna codes; messages by Accept-Language)
  'push.api.unknownMethod': 'Unknown method: {name} (version {version})',
  'push.api.missingToken': 'access_token is missing',
  'push.api.badToken': 'accessToken error: no application has this token',
  'push.api.badJson': 'JSON format error: {detail}',
  'push.api.invalidParams': 'Invalid parameters: {detail}',
  'push.api.signError': 'Signature check failed: {detail}',
  'push.api.systemError': 'System error (request {requestId})',
  'push.api.business': '{detail}',
  'push.api.notFound': '{what} does not exist',
  'push.api.missingName': 'name is missing',
  // Messages (in-site)
  'push.msg.docUpdate': '{modifier} updated [{doc}]',
  'push.msg.docUpdateRemark': '{modifier} updated [{doc}], remark: {remark}',
  'push.msg.docDelete': '{modifier} deleted [{doc}]',
  'push.msg.docAdd': '{modifier} added [{doc}]',
  'push.msg.digest': '{modifier} pushed docs to {project} - {app}: {summary}. {docs}',
  'push.msg.summary': '{added} added, {updated} updated, {deleted} deleted',
  'push.msg.pushOk': 'Docs pushed to {project} - {app} by {author}: {summary}, {unchanged} unchanged, {skippedLocked} locked skipped',
  'push.msg.pushFail': 'Push to {project} - {app} by {author} failed: {error}',
  'push.msg.more': 'and {n} more',
  // Webhook (robot) texts
  'push.robot.update': 'update',
  'push.robot.delete': 'delete',
  'push.robot.add': 'add',
  'push.robot.push': 'push',
  'push.robot.test': 'test',
  'push.robot.defaultTemplate':
    '[Doc {modifyType} notice]\n[Application]: {projectName} - {appName}\n[Doc]: {docName}\n[Modified by]: {modifier}\n[Time]: {modifyTime}\n[View]: {docViewUrl}\n{@user}',
  'push.robot.testDoc': 'Webhook test message',
};
