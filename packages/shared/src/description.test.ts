import { describe, expect, it } from 'vitest';
import { descriptionHtml, descriptionInlineHtml, descriptionText, markdownText } from './description.js';
import { descriptionMarkdown } from './description-markdown.js';

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

  it('keeps Markdown written around HTML as Markdown, and drops unsafe reference links and autolinks', () => {
    expect(descriptionMarkdown('See [docs](https://e.com)<br>and `x`')).toBe('See [docs](https://e.com)  \nand `x`');
    expect(descriptionMarkdown('See [docs](https://e.com)<br>and `x`', { inline: true })).toBe('See [docs](https://e.com)<br>and `x`');
    expect(descriptionMarkdown('[a][1]\n\n[1]: javascript:alert(1)')).not.toContain('javascript:');
    expect(descriptionMarkdown('go <javascript:alert(1)>')).not.toMatch(/<javascript:/);
  });

  it('escapes plain text for Markdown so it shows as written', () => {
    expect(markdownText('<script>alert(1)</script>')).toBe('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(markdownText('user_name *x* [a](b) `c` |')).toBe('user\\_name \\*x\\* \\[a\\](b) \\`c\\` \\|');
    expect(markdownText('# h\n- li\n1. one', { inline: true })).toBe('\\# h<br>\\- li<br>1\\. one');
    expect(markdownText('2026-11-25 a+b')).toBe('2026-11-25 a+b');
  });
});
