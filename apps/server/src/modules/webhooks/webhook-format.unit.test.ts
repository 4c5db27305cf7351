/** Robot bodies, templates and signatures (torna-compat §1d). */
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildBody, deliveredOk, dingtalkSignedUrl, feishuSignedBody, formatTime, renderTemplate } from './webhook-format.js';

const values = {
  modifyType: '更新',
  projectName: 'P',
  appName: 'A',
  docName: 'D',
  url: '/d',
  modifier: 'M',
  modifyTime: '2024-06-26 10:00:00',
  docViewUrl: 'http://h/view/x',
};

describe('webhook format', () => {
  it('fills placeholders, {@user} and normalises CRLF', () => {
    expect(
      renderTemplate(
        '{modifyType}|{projectName}-{appName}|{docName}|{url}|{modifier}|{modifyTime}|{docViewUrl}\r\n{@user}{unknown}',
        values,
        '@u1 @u2',
      ),
    ).toBe('更新|P-A|D|/d|M|2024-06-26 10:00:00|http://h/view/x\n@u1 @u2{unknown}');
    expect(formatTime(new Date(2024, 5, 26, 9, 5, 7).getTime())).toBe('2024-06-26 09:05:07');
  });

  it('builds the DingTalk and WeCom text bodies exactly', () => {
    const extra = { dingUserIds: ['u1'], mobiles: ['138'], event: 'doc.update', values, docs: [] };
    expect(buildBody('dingtalk', 'hi', extra)).toBe('{"msgtype":"text","text":{"content":"hi"},"at":{"atUserIds":["u1"]}}');
    expect(buildBody('wecom', 'hi', extra)).toBe('{"msgtype":"text","text":{"content":"hi","mentioned_mobile_list":["138"]}}');
    expect(buildBody('feishu', 'hi', extra)).toBe('{"msg_type":"text","content":{"text":"hi"}}');
    expect(buildBody('slack', 'hi', extra)).toBe('{"text":"hi"}');
  });

  it('signs DingTalk URLs and Feishu bodies', () => {
    const url = dingtalkSignedUrl('https://oapi.dingtalk.com/robot/send?access_token=t', 'SEC', 1700000000000);
    const sign = createHmac('sha256', 'SEC').update('1700000000000\nSEC').digest('base64');
    expect(url).toBe(`https://oapi.dingtalk.com/robot/send?access_token=t&timestamp=1700000000000&sign=${encodeURIComponent(sign)}`);
    const body = JSON.parse(feishuSignedBody('{"msg_type":"text"}', 'k', 1700000000));
    expect(body).toEqual({
      timestamp: '1700000000',
      sign: createHmac('sha256', '1700000000\nk').update('').digest('base64'),
      msg_type: 'text',
    });
  });

  it('reads robot answers', () => {
    expect(deliveredOk('dingtalk', 200, '{"errcode":0,"errmsg":"ok"}')).toBe(true);
    expect(deliveredOk('dingtalk', 200, '{"errcode":310000,"errmsg":"sign not match"}')).toBe(false);
    expect(deliveredOk('wecom', 500, '')).toBe(false);
    expect(deliveredOk('feishu', 200, '{"code":19021}')).toBe(false);
  });
});
