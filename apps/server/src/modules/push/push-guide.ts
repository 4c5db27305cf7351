/**
 * The push protocol guide (GET /api/openapi/push.md and the /openapi page): envelope, methods, codes,
 * merge rules, partitioned pushes, and copy-paste examples for smart-doc, torna-sdk and curl, filled
 * with the application's URL and token when the reader may see them.
 */

import { type GuideOptions, guideCode } from './push-guide-code.js';
import { pushGuideZh } from './push-guide-zh.js';

/** Renders the guide in Markdown, in Chinese for zh* languages, else in English. */
export function pushGuide(opts: GuideOptions & { lang: string }): string {
  return opts.lang.toLowerCase().startsWith('zh') ? pushGuideZh(opts) : pushGuideEn(opts);
}

function pushGuideEn(opts: GuideOptions): string {
  const { baseUrl, token, appName, asyncThreshold, runWindowSeconds } = opts;
  const api = `${baseUrl}/api`;
  const tok = token || '<application token>';
  const code = guideCode(api, tok, baseUrl);
  return `# Pushing docs to Folio${appName ? ` — ${appName}` : ''}

Folio speaks Torna's open API. A build that pushes to Torna (smart-doc's \`torna\` goal, torna-sdk,
the Torna swagger plugin) only needs \`openUrl\` and the application token changed.

- **URL**: \`${api}\` (POST; GET query strings and form posts are accepted too)
- **Application token**: \`${tok}\` (application settings → Push; admins can reset it, the old one stops working at once)

## Envelope

${code.envelope}

\`data\` is the JSON payload, URL-encoded (form rules: \`+\` is a space) as Torna's clients send it; a plain JSON object is accepted as well.
\`app_key\`, \`timestamp\`, \`sign\` and \`format\` are accepted. The signature (\`upper(md5(secret + k1v1k2v2… + secret))\`) is checked only when
\`app_key\` names an open user of the space that has a secret; otherwise it is ignored, as Torna does.

The answer is always HTTP 200 with \`{"code":"0","msg":"","data":…}\`; messages follow \`Accept-Language\` (zh-CN or en).

| code | meaning |
|---|---|
| 0 | success |
| -9 | system error (see the server log, request id in the message) |
| 1 | unknown method or version |
| 2 | invalid parameters (the message names each offending field, e.g. \`apis[0].items[3].url: length 1300 exceeds 1024\`) |
| 5 / 6 / 7 / 10 | missing sign / invalid sign / timestamp out of range / bad timestamp format (signed calls only) |
| 8 | business error (e.g. renaming a folder onto an existing one) |
| 13 | \`data\` is not valid JSON |
| 14 | missing or unknown access_token |

## Methods (version 1.0)

| name | data | result |
|---|---|---|
| \`doc.push\` | \`{apis, debugEnvs, author, commonErrorCodes, isReplace (default 1), isOverride (default 0)}\` | the outcome (below), or \`{jobId}\` |
| \`doc.category.create\` | \`{name}\` | \`{id, name}\` (a root folder; existing one returned) |
| \`doc.category.name.update\` | \`{id, name}\` | null (the folder stays where it is) |
| \`swagger-json.push\` | \`{author, json: "<Swagger/OpenAPI JSON or YAML text>"}\` | as \`doc.push\` |
| \`enum.push\` | \`{name, description, items: [{name, type, value, description}]}\` | null |
| \`enum.batch.push\` | \`{enums: [ … ]}\` | null |
| \`module.debug.env.set\` | \`{name, url}\` (upsert by name) | null |
| \`module.debug.env.delete\` | \`{name}\` | null |
| \`doc.list\` | \`{docIds?}\` | docs and folders of the application |
| \`doc.detail\` | \`{docId}\` | the doc with all parameters |
| \`doc.details\` | \`{docIds}\` | list of docs |
| \`module.get\` | – | \`{id, name}\` |

## What a push does

- **Processed at once**: the response carries the outcome
  \`{added, updated, unchanged, deleted, skippedLocked, folders, errors, batchId, runId}\`.
  (An install whose clients need Torna's exact \`data: null\` answer sets the system setting \`folio.push.null-result\`.)
  A push of more than ${asyncThreshold} docs, or any push with \`async=1\` (in the envelope or in \`data\`), answers \`{jobId}\`;
  poll \`GET ${baseUrl}/api/push/status?jobId=…\` for \`{state, progress, result, error}\`.
- **Identity**: HTTP docs are matched by URL + method (+ version), folders by name under their parent, other docs by name
  (Dubbo docs by their method definition). Ids, links, shares and history stay the same across pushes.
  Docs with the same display name but a different URL or method are different docs. Same-named folders are merged.
- **Replace** (\`isReplace=1\`, the default): pushed docs that the push no longer sends are deleted (and recorded in their history).
  Docs created by hand, locked docs and versioned docs are never deleted. \`isOverride=1\` (or the application's "override" switch)
  writes only what is sent and deletes nothing; \`isReplace=0\` appends.
- **Locked** docs and folders (and everything below a locked folder) are left untouched.
- A **description edited by a person** in the form is kept; pushes update the rest of the doc.
- **Versions**: a non-empty \`version\` (or the \`url#version\` form) makes a separate doc next to the unversioned one.
- **Unchanged content** costs reads only: nothing is written, no history, no notices.
- \`debugEnvs\` are upserted by name, \`commonErrorCodes\` replace the application's error-code page, \`enumInfo\` on parameters
  upserts the application's dictionaries.
- Parameters: flags may be \`"1"\`/\`"0"\`/1/0/true; unknown fields are ignored; items without a name take their URL as name;
  long descriptions with \`<br>\` are stored as sent.
- Pushes to one application run one after another in arrival order; pushes to different applications run in parallel.
  (One Folio server process per database is assumed for this ordering.)

### Partitioned pushes (smart-doc \`apiUploadNums\`)

smart-doc can split one push into several \`doc.push\` calls. With replace, Torna deleted the earlier chunks' docs at every call.
Folio recognises the chunks of one run and never deletes what an earlier chunk of the same run sent. A push continues the
current run of the application when all of these hold:

1. it carries the same run signature as the previous push: \`author\`, \`debugEnvs\`, \`commonErrorCodes\`, \`isReplace\`/\`isOverride\`
   and \`app_key\` (smart-doc repeats all of them in every chunk);
2. it arrives within ${runWindowSeconds} s of the previous push (system setting \`folio.push.run-window-seconds\`);
3. its top-level folders and docs are all new to the run (a repeated full push overlaps the previous one, so it starts a new run).

Docs that the first chunk removed and a later chunk sends again come back with their old ids. Deletions of a run are recorded in the
history (and notified) once the run has settled, ${runWindowSeconds} s after its last chunk, so such docs leave no noise.

## smart-doc

\`src/main/resources/smart-doc.json\`:

${code.smartDoc}

Then \`mvn smart-doc:torna-rest\` (or \`torna-rpc\` for Dubbo).

## torna-sdk (Java)

${code.sdk}

## curl

${code.curl}

### OpenAPI / Swagger file, one curl from any CI

${code.openapi}

JSON or YAML, OpenAPI 2 or 3.x; the answer is Folio's envelope with the same outcome as \`doc.push\`.
`;
}
