/**
 * Chat-robot message bodies (torna-compat §1d) and signing. DingTalk and WeCom get Torna's text bodies
 * exactly; Feishu/Lark, Slack and a generic JSON webhook are further kinds. The text comes from the
 * template the super admin edits (system settings), with Torna's placeholders.
 */
import { createHmac } from 'node:crypto';

export const WEBHOOK_KINDS = ['dingtalk', 'wecom', 'feishu', 'slack', 'json'] as const;
export type WebhookKind = (typeof WEBHOOK_KINDS)[number];

/** Values of the template placeholders. */
export interface TemplateValues {
  modifyType: string;
  projectName: string;
  appName: string;
  docName: string;
  url: string;
  modifier: string;
  modifyTime: string;
  docViewUrl: string;
}

/** Formats epoch ms as `yyyy-MM-dd HH:mm:ss` (server local time, as Torna). */
export function formatTime(ms: number): string {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}

/** Fills a template: `{name}` placeholders, `{@user}` with the mention text, CRLF normalised. */
export function renderTemplate(template: string, v: TemplateValues, mention: string): string {
  const map: Record<string, string> = { ...v, '@user': mention };
  return template.replace(/\r\n/g, '\n').replace(/\{(@user|\w+)\}/g, (m, k: string) => (map[k] !== undefined ? map[k] : m));
}

/** The JSON body (as text) of a notice for a webhook kind. */
export function buildBody(
  kind: WebhookKind,
  text: string,
  extra: { dingUserIds: string[]; mobiles: string[]; event: string; values: TemplateValues; docs: unknown[] },
): string {
  switch (kind) {
    case 'dingtalk':
      return JSON.stringify({ msgtype: 'text', text: { content: text }, at: { atUserIds: extra.dingUserIds } });
    case 'wecom':
      return JSON.stringify({ msgtype: 'text', text: { content: text, mentioned_mobile_list: extra.mobiles } });
    case 'feishu':
      return JSON.stringify({ msg_type: 'text', content: { text } });
    case 'slack':
      return JSON.stringify({ text });
    default:
      return JSON.stringify({ event: extra.event, text, ...extra.values, docs: extra.docs });
  }
}

/** DingTalk robot signing ("加签"): `&timestamp=…&sign=urlencode(base64(HmacSHA256(secret, timestamp\nsecret)))`. */
export function dingtalkSignedUrl(url: string, secret: string, timestamp = Date.now()): string {
  const sign = createHmac('sha256', secret).update(`${timestamp}\n${secret}`, 'utf8').digest('base64');
  return `${url}${url.includes('?') ? '&' : '?'}timestamp=${timestamp}&sign=${encodeURIComponent(sign)}`;
}

/** Feishu/Lark signing: body gains `timestamp` (seconds) and `sign` = base64(HmacSHA256(key = timestamp\nsecret, "")). */
export function feishuSignedBody(body: string, secret: string, seconds = Math.floor(Date.now() / 1000)): string {
  const sign = createHmac('sha256', `${seconds}\n${secret}`).update('').digest('base64');
  return JSON.stringify({ timestamp: String(seconds), sign, ...JSON.parse(body) });
}

/** Whether a robot's answer means success (HTTP 2xx and, where the API has one, a zero error code). */
export function deliveredOk(kind: WebhookKind, status: number, body: string): boolean {
  if (status < 200 || status >= 300) return false;
  // Slack answers errors with 4xx; generic receivers only have their status.
  if (kind === 'slack' || kind === 'json') return true;
  try {
    const j = JSON.parse(body) as Record<string, unknown>;
    if (kind === 'feishu') return (j.code ?? j.StatusCode ?? 0) === 0;
    return j.errcode === undefined || j.errcode === 0;
  } catch {
    return true;
  }
}
