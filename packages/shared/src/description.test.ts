import { describe, expect, it } from 'vitest';
import { descriptionHtml, descriptionInlineHtml, descriptionMarkdown, descriptionText } from './description.js';

const SMART_DOC = '用户状态<br>1: 正常<br>2: <b>禁用</b>';

describe('descriptions', () => {
  it("renders smart-doc's <br> and inline HTML as formatting", () => {
    expect(descriptionInlineHtml(SMART_DOC)).toBe('用户状态<br>1: 正常<br>2: <b>禁用</b>');
    expect(descriptionText(SMART_DOC)).toBe('用户状态\n1: 正常\n2: 禁用');
    expect(descriptionMarkdown(SMART_DOC)).toBe('用户状态  \n1: 正常  \n2: **禁用**');
  });

  it('renders Markdown links and code', () => {
    const src = 'Two-letter [ISO 3166-1 alpha-2](https://en.wikipedia.org/wiki/ISO_3166-1) code, e.g. `US`.';
    expect(descriptionInlineHtml(src)).toBe(
      'Two-letter <a href="https://en.wikipedia.org/wiki/ISO_3166-1">ISO 3166-1 alpha-2</a> code, e.g. <code>US</code>.',
    );
    expect(descriptionHtml(src)).toMatch(/^<p>Two-letter <a href=/);
    expect(descriptionText(src)).toBe('Two-letter ISO 3166-1 alpha-2 code, e.g. US.');
    expect(descriptionMarkdown(src)).toBe(src);
  });

  it('removes scripts, event handlers, styles and javascript: URLs everywhere', () => {
    const evil =
      'a<script>alert(1)</script><img src=x onerror="alert(2)"><a href="javascript:alert(3)">x</a>' +
      '<p style="color:red" onclick="alert(4)">p</p>[y](javascript:alert(5)) <iframe src="https://e.com"></iframe>';
    for (const out of [descriptionHtml(evil), descriptionInlineHtml(evil), descriptionMarkdown(evil)]) {
      expect(out).not.toMatch(/script|onerror|onclick|javascript:|style=|iframe|alert\(1\)/i);
    }
    expect(descriptionHtml(evil)).toContain('<p>p</p>');
    expect(descriptionText(evil)).not.toContain('alert(1)');
  });

  it('leaves plain text as it is and escapes it for HTML', () => {
    expect(descriptionText('plain words')).toBe('plain words');
    expect(descriptionMarkdown('plain words')).toBe('plain words');
    expect(descriptionInlineHtml('a\nb')).toBe('a<br>b');
    expect(descriptionInlineHtml('1 < 2 & 3 > 2')).toBe('1 &lt; 2 &amp; 3 &gt; 2');
    expect(descriptionHtml('')).toBe('');
  });

  it('fits a Markdown table cell when inline', () => {
    expect(descriptionMarkdown('a | b\nc', { inline: true })).toBe('a \\| b<br>c');
  });
});
