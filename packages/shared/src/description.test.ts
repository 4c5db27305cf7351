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

  // As GitHub's REST description writes them (api.github.com.json, GET /feeds; a body param's WARNING).
  const NOTE =
    'By default, timeline resources are returned in JSON.\n\n> [!NOTE]\n> Private feeds are only returned when ' +
    '[authenticating via Basic Auth](https://docs.github.com/rest/authentication) since current feed URIs use the older tokens.';
  const PARAM =
    'The enablement status of GitHub Advanced Security features.\n\n> [!WARNING]\n> `code_security` and `secret_protection` are deprecated values for this field.\n';

  it("renders GitHub's alerts as callouts, titled by their kind, without the marker", () => {
    const html = descriptionHtml(NOTE);
    expect(html).toContain('<p>By default, timeline resources are returned in JSON.</p>');
    expect(html).toMatch(
      /<div class="markdown-alert markdown-alert-note">\s*<p class="markdown-alert-title">Note<\/p>\s*<p>Private feeds are only returned when <a href="https:\/\/docs\.github\.com\/rest\/authentication">authenticating via Basic Auth<\/a>/,
    );
    expect(html).not.toContain('[!NOTE]');
    expect(html).not.toContain('<svg');
    for (const [kind, title] of [
      ['TIP', 'Tip'],
      ['IMPORTANT', 'Important'],
      ['WARNING', 'Warning'],
      ['CAUTION', 'Caution'],
    ]) {
      expect(descriptionHtml(`> [!${kind}]\n> Careful.`)).toMatch(
        new RegExp(
          `^<div class="markdown-alert markdown-alert-${kind.toLowerCase()}">\\s*<p class="markdown-alert-title">${title}</p>\\s*<p>Careful.</p>`,
        ),
      );
    }
    // GitHub also indents the text after the marker.
    expect(descriptionHtml('> [!NOTE]\n>    This operation supports both server-to-server access.')).toMatch(
      /markdown-alert-note">\s*<p class="markdown-alert-title">Note<\/p>\s*<p>\s*This operation supports/,
    );
    // A plain quote stays a quote; an unknown kind too.
    expect(descriptionHtml('> quoted')).toBe('<blockquote>\n<p>quoted</p>\n</blockquote>');
    expect(descriptionHtml('> [!DANGER]\n> x')).toContain('<blockquote>');
    expect(descriptionText(NOTE)).toBe(
      'By default, timeline resources are returned in JSON.\n\nNote\n\nPrivate feeds are only returned when authenticating via Basic Auth since current feed URIs use the older tokens.',
    );
  });

  it('takes an alert marker in any case, as GitHub does (`> [!note]` is a Note callout)', () => {
    for (const marker of ['note', 'Note', 'nOtE']) {
      expect(descriptionHtml(`> [!${marker}]\n> Careful.`)).toMatch(
        /^<div class="markdown-alert markdown-alert-note">\s*<p class="markdown-alert-title">Note<\/p>\s*<p>Careful.<\/p>/,
      );
    }
    expect(descriptionHtml('> [!warning] Mind the gap.')).toBe(descriptionHtml('> [!WARNING] Mind the gap.'));
    // In a parameter cell too; in a Markdown table cell it reads "**Tip:** …"; a code block keeps its text.
    expect(descriptionInlineHtml('Intro.\n\n> [!tip]\n> Use it.')).toContain('<p class="markdown-alert-title">Tip</p>');
    expect(descriptionMarkdown('> [!tip]\n> Use it.', { inline: true })).toBe('**Tip:** Use it.');
    expect(descriptionHtml('```\n> [!note]\n```')).toContain('&gt; [!note]');
  });

  it('shows an alert in a parameter cell as a callout, and in a Markdown table cell as "**Warning:** …"', () => {
    expect(descriptionInlineHtml(PARAM)).toMatch(
      /^<p>The enablement status of GitHub Advanced Security features.<\/p>\s*<div class="markdown-alert markdown-alert-warning">\s*<p class="markdown-alert-title">Warning<\/p>\s*<p><code>code_security<\/code>/,
    );
    expect(descriptionMarkdown(PARAM)).toBe(PARAM.trim());
    expect(descriptionMarkdown(PARAM, { inline: true })).toBe(
      'The enablement status of GitHub Advanced Security features.<br><br>**Warning:** `code_security` and `secret_protection` are deprecated values for this field.',
    );
    // Written around HTML, the alert goes through the renderer and comes back as GitHub's syntax.
    expect(descriptionMarkdown(`<b>Status</b>\n\n> [!CAUTION]\n> Irreversible.`)).toBe('**Status**\n\n> [!CAUTION]\n> Irreversible.');
  });

  it('keeps alerts sanitised: nothing runs inside one, and no other class survives', () => {
    const evil = '> [!WARNING]\n> <img src=x onerror="alert(1)"><script>alert(2)</script>[x](javascript:alert(3)) <b class="evil">b</b>';
    for (const out of [descriptionHtml(evil), descriptionInlineHtml(evil)]) {
      expect(out).toContain('markdown-alert-warning');
      expect(out).not.toMatch(/script|onerror|javascript:|class="evil"/i);
    }
    expect(descriptionHtml('<div class="ant-modal-mask">x</div><p class="markdown-alert-note x">y</p>')).toBe('<div>x</div><p>y</p>');
  });

  it('escapes plain text for Markdown so it shows as written', () => {
    expect(markdownText('<script>alert(1)</script>')).toBe('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(markdownText('user_name *x* [a](b) `c` |')).toBe('user\\_name \\*x\\* \\[a\\](b) \\`c\\` \\|');
    expect(markdownText('# h\n- li\n1. one', { inline: true })).toBe('\\# h<br>\\- li<br>1\\. one');
    expect(markdownText('2026-11-25 a+b')).toBe('2026-11-25 a+b');
  });
});
