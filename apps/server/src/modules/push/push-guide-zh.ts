/** The push protocol guide in Chinese (same sections and code as the English one in push-guide.ts). */
import { type GuideOptions, guideCode } from './push-guide-code.js';

/** Renders the guide in Markdown, in Chinese. */
export function pushGuideZh(opts: GuideOptions): string {
  const { baseUrl, token, appName, asyncThreshold, runWindowSeconds } = opts;
  const api = `${baseUrl}/api`;
  const tok = token || '<应用 Token>';
  const code = guideCode(api, tok, baseUrl);
  return `# 推送文档到 Folio${appName ? ` — ${appName}` : ''}

Folio 兼容 Torna 的开放接口。原先推送到 Torna 的构建（smart-doc 的 \`torna\` 目标、torna-sdk、Torna 的 swagger 插件）
只需改掉 \`openUrl\` 和应用 Token即可。

- **URL**：\`${api}\`（POST；也接受 GET 查询串和表单提交）
- **应用 Token**：\`${tok}\`（应用设置 → 推送；管理员可以重置，旧 Token立即失效）

## 请求格式

${code.envelope}

\`data\` 是 JSON 数据，按 Torna 客户端的方式做 URL 编码（表单规则：\`+\` 表示空格）；直接传 JSON 对象也可以。
接受 \`app_key\`、\`timestamp\`、\`sign\` 和 \`format\`。只有当 \`app_key\` 是本空间中设置了密钥的开放用户时才校验签名
（\`upper(md5(secret + k1v1k2v2… + secret))\`），否则与 Torna 一样忽略。

响应总是 HTTP 200，内容为 \`{"code":"0","msg":"","data":…}\`；消息语言跟随 \`Accept-Language\`（zh-CN 或 en）。

| code | 含义 |
|---|---|
| 0 | 成功 |
| -9 | 系统错误（查看服务器日志，消息中带有请求 ID） |
| 1 | 未知的方法或版本 |
| 2 | 参数错误（消息会指出每个出错的字段，例如 \`apis[0].items[3].url: length 1300 exceeds 1024\`） |
| 5 / 6 / 7 / 10 | 缺少签名 / 签名错误 / 时间戳超出范围 / 时间戳格式错误（仅签名调用） |
| 8 | 业务错误（例如把文件夹重命名为已存在的名称） |
| 13 | \`data\` 不是合法的 JSON |
| 14 | 缺少 access_token 或 Token 不存在 |

## 方法（版本 1.0）

| name | data | 结果 |
|---|---|---|
| \`doc.push\` | \`{apis, debugEnvs, author, commonErrorCodes, isReplace（默认 1）, isOverride（默认 0）}\` | 推送结果（见下文），或 \`{jobId}\` |
| \`doc.category.create\` | \`{name}\` | \`{id, name}\`（根目录下的文件夹；已存在时返回已有的） |
| \`doc.category.name.update\` | \`{id, name}\` | null（文件夹位置不变） |
| \`swagger-json.push\` | \`{author, json: "<Swagger/OpenAPI 的 JSON 或 YAML 文本>"}\` | 同 \`doc.push\` |
| \`enum.push\` | \`{name, description, items: [{name, type, value, description}]}\` | null |
| \`enum.batch.push\` | \`{enums: [ … ]}\` | null |
| \`module.debug.env.set\` | \`{name, url}\`（按名称新增或更新） | null |
| \`module.debug.env.delete\` | \`{name}\` | null |
| \`doc.list\` | \`{docIds?}\` | 应用的文档和文件夹 |
| \`doc.detail\` | \`{docId}\` | 文档及其全部参数 |
| \`doc.details\` | \`{docIds}\` | 文档列表 |
| \`module.get\` | – | \`{id, name}\` |

## 推送做了什么

- **立即处理**：响应中带有推送结果
  \`{added, updated, unchanged, deleted, skippedLocked, folders, errors, batchId, runId}\`。
  （如果客户端需要 Torna 原样的 \`data: null\` 响应，可以打开系统设置 \`folio.push.null-result\`。）
  超过 ${asyncThreshold} 篇文档的推送，或带 \`async=1\`（在请求体或 \`data\` 中）的推送，会返回 \`{jobId}\`；
  轮询 \`GET ${baseUrl}/api/push/status?jobId=…\` 获取 \`{state, progress, result, error}\`。
- **文档识别**：HTTP 文档按 URL + 方法（+ 版本）匹配，文件夹按父级下的名称匹配，其他文档按名称匹配
  （Dubbo 文档按方法定义）。多次推送后 ID、链接、分享和历史记录都保持不变。
  显示名称相同但 URL 或方法不同的是不同的文档。同名文件夹会合并。
- **覆盖**（\`isReplace=1\`，默认）：本次推送不再包含的、由推送产生的文档会被删除（并记入历史）。
  手工创建的文档、锁定的文档和带版本的文档永远不会被删除。\`isOverride=1\`（或应用的"覆盖"开关）
  只写入推送的内容，不删除任何文档；\`isReplace=0\` 为追加。
- **锁定**的文档和文件夹（以及锁定文件夹下的全部内容）保持不动。
- 在表单中**手工修改过的描述**会保留；推送更新文档的其余部分。
- **版本**：非空的 \`version\`（或 \`url#version\` 写法）会在无版本的文档旁边生成一篇独立的文档。
- **内容未变**时只读不写：不写数据、不记历史、不发通知。
- \`debugEnvs\` 按名称新增或更新，\`commonErrorCodes\` 替换应用的错误码页面，参数上的 \`enumInfo\`
  新增或更新应用的字典。
- 参数：开关字段可以是 \`"1"\`/\`"0"\`/1/0/true；未知字段会被忽略；没有名称的条目以 URL 作为名称；
  带 \`<br>\` 的长描述按原样保存。
- 同一个应用的推送按到达顺序依次执行；不同应用的推送并行执行。
  （这一顺序假定每个数据库只有一个 Folio 服务进程。）

### 分批推送（smart-doc 的 \`apiUploadNums\`）

smart-doc 可以把一次推送拆成多个 \`doc.push\` 调用。在覆盖模式下，Torna 每次调用都会删掉前几批推送的文档。
Folio 能识别同一次运行的各个批次，绝不会删除同一次运行中前面批次发送的文档。满足以下全部条件时，
推送会接续该应用当前的运行：

1. 与上一次推送的运行签名相同：\`author\`、\`debugEnvs\`、\`commonErrorCodes\`、\`isReplace\`/\`isOverride\`
   和 \`app_key\`（smart-doc 在每一批中都会重复这些字段）；
2. 在上一次推送后 ${runWindowSeconds} 秒内到达（系统设置 \`folio.push.run-window-seconds\`）；
3. 其顶层文件夹和文档对这次运行来说都是新的（重复的完整推送会与上一次重叠，因此开始新的运行）。

第一批删除、后面批次又发送的文档会以原来的 ID 恢复。一次运行的删除会在运行结束后
（最后一批到达 ${runWindowSeconds} 秒后）才记入历史并发送通知，因此这类文档不会产生干扰。

## smart-doc

\`src/main/resources/smart-doc.json\`：

${code.smartDoc}

然后执行 \`mvn smart-doc:torna-rest\`（Dubbo 用 \`torna-rpc\`）。

## torna-sdk（Java）

${code.sdk}

## curl

${code.curl}

### OpenAPI / Swagger 文件：在任意 CI 中用一条 curl 推送

${code.openapi}

支持 JSON 或 YAML、OpenAPI 2 或 3.x；响应为 Folio 的标准格式，结果与 \`doc.push\` 相同。
`;
}
