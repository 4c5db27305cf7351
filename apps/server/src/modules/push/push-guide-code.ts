/** What both languages of the push guide share: its options and its copy-paste code blocks. */

/** What the guide is filled with. */
export interface GuideOptions {
  baseUrl: string;
  token: string;
  appName: string;
  asyncThreshold: number;
  runWindowSeconds: number;
}

/** The copy-paste blocks both languages share (code only; the prose around them is translated). */
export function guideCode(api: string, tok: string, baseUrl: string) {
  const sample = {
    author: 'Jim',
    isReplace: 1,
    debugEnvs: [{ name: 'test', url: 'http://127.0.0.1:8080' }],
    apis: [
      {
        name: 'Goods',
        isFolder: 1,
        items: [
          {
            name: 'Get goods',
            url: '/goods/{id}',
            httpMethod: 'GET',
            contentType: 'application/json',
            pathParams: [{ name: 'id', type: 'int', required: 1, example: '123', description: 'goods id' }],
            responseParams: [{ name: 'name', type: 'string', required: 1, example: 'phone', description: 'goods name' }],
          },
        ],
      },
    ],
  };
  return {
    envelope: `\`\`\`json
{ "name": "doc.push", "version": "1.0", "access_token": "${tok}", "data": "<URL-encoded JSON>", "timestamp": "2024-06-26 10:00:00" }
\`\`\``,
    smartDoc: `\`\`\`json
{
  "openUrl": "${api}",
  "appToken": "${tok}",
  "debugEnvName": "test",
  "debugEnvUrl": "http://127.0.0.1:8080",
  "tornaDebug": true,
  "replace": true,
  "author": "your-name"
}
\`\`\``,
    sdk: `\`\`\`java
OpenClient client = new OpenClient("${api}");
DocPushRequest request = new DocPushRequest("${tok}");
request.setAuthor("your-name");
request.setApis(apis);          // List<DocItem>
DocPushResponse response = client.execute(request);
if (!response.isSuccess()) throw new IllegalStateException(response.getMsg());
\`\`\``,
    curl: `\`\`\`bash
DATA='${JSON.stringify(sample)}'
curl -s -X POST '${api}' -H 'Content-Type: application/json' \\
  --data "$(jq -n --arg data "$DATA" '{name:"doc.push",version:"1.0",access_token:"${tok}",data:$data}')"
\`\`\``,
    openapi: `\`\`\`bash
curl -s -X POST '${baseUrl}/api/push/openapi?isReplace=1&isOverride=0' \\
  -H 'token: ${tok}' -H 'Content-Type: application/yaml' --data-binary @openapi.yaml
\`\`\``,
  };
}
