/**
 * One self-contained HTML file: a navigable tree and the doc pages, rendered on demand from embedded
 * JSON (only the page being read is in the DOM), so it opens fast even with thousands of docs. Descriptions
 * travel as sanitised HTML (the shared renderer); every other field is set as text.
 */
import { descriptionHtml, descriptionInlineHtml, escapeHtml } from '@folio/shared';
import { docView, labels } from './doc-view.js';
import type { ExportSet, OutlineNode } from './export-scope.js';

interface TreeJson {
  n: string;
  d?: number;
  c?: TreeJson[];
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
/** JSON safe inside a <script> element. */
const scriptJson = (v: unknown) =>
  JSON.stringify(v)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

const STYLE = `
*{box-sizing:border-box}body{margin:0;font:14px/1.5 system-ui,-apple-system,"Segoe UI","Microsoft YaHei",sans-serif;color:#1f2328;display:flex;height:100vh}
nav{width:320px;min-width:220px;border-right:1px solid #d0d7de;overflow:auto;padding:8px;background:#f6f8fa}
nav input{width:100%;padding:6px 8px;margin-bottom:8px;border:1px solid #d0d7de;border-radius:6px}
nav details>summary{cursor:pointer;font-weight:600;padding:2px 0}nav details{margin-left:10px}nav>div>details{margin-left:0}
nav a{display:block;padding:2px 6px;margin-left:10px;border-radius:4px;color:#1f2328;text-decoration:none;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
nav a:hover,nav a.on{background:#ddf4ff}main{flex:1;overflow:auto;padding:16px 32px}
.m{display:inline-block;font:600 11px monospace;padding:1px 5px;border-radius:4px;background:#0969da;color:#fff;margin-right:6px}
table{border-collapse:collapse;width:100%;margin:8px 0 16px}th,td{border:1px solid #d0d7de;padding:4px 8px;text-align:left;vertical-align:top}th{background:#f6f8fa}
code,pre,.ex{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}.desc p{margin:0 0 8px}.desc pre{background:#f6f8fa;padding:8px;overflow:auto}.enum{color:#59636e}.dep{color:#cf222e}h1{font-size:22px}h2{font-size:17px;margin-top:20px}
.markdown-alert{margin:8px 0;padding:6px 12px;border-left:4px solid var(--c);border-radius:0 6px 6px 0;background:var(--b)}.markdown-alert>p{margin:0 0 4px}.markdown-alert>:last-child{margin-bottom:0}.markdown-alert-title{font-weight:600;color:var(--c)}
.markdown-alert-note{--c:#0969da;--b:#f0f7ff}.markdown-alert-tip{--c:#1a7f37;--b:#effaf2}.markdown-alert-important{--c:#8250df;--b:#f7f2ff}.markdown-alert-warning{--c:#9a6700;--b:#fff8e5}.markdown-alert-caution{--c:#cf222e;--b:#fff1f0}
`;

const SCRIPT = `
(function(){
var D=JSON.parse(document.getElementById('data').textContent),L=D.labels,nav=document.getElementById('tree'),main=document.getElementById('page');
function e(t,a,c){var x=document.createElement(t);if(a)for(var k in a)x.setAttribute(k,a[k]);if(c!=null)x.textContent=c;return x}
function h(t,a,html){var x=e(t,a);x.innerHTML=html;return x}
function build(nodes,parent){nodes.forEach(function(n){if(n.c){var d=e('details');d.open=true;d.appendChild(e('summary',null,n.n));build(n.c,d);parent.appendChild(d)}else{var doc=D.docs[n.d],a=e('a',{href:'#d'+n.d,'data-q':(n.n+' '+(doc.url||'')).toLowerCase()});if(doc.method){a.appendChild(e('span',{class:'m'},doc.method))}a.appendChild(document.createTextNode(n.n));parent.appendChild(a)}})}
build(D.tree,nav);
function table(rows,req){var t=e('table'),head=e('tr');[L.name,L.type].concat(req?[L.required,L.maxLength]:[]).concat([L.example,L.description]).forEach(function(x){head.appendChild(e('th',null,x))});t.appendChild(head);
rows.forEach(function(r){var tr=e('tr'),n=e('td');n.style.paddingLeft=(8+r[0]*18)+'px';n.textContent=(r[0]?'└ ':'')+r[1];tr.appendChild(n);tr.appendChild(e('td',null,r[2]));if(req){tr.appendChild(e('td',null,r[3]?L.yes:L.no));tr.appendChild(e('td',null,r[4]))}var x=e('td',{class:'ex'},r[5]);tr.appendChild(x);tr.appendChild(h('td',{class:'desc'},r[6]));t.appendChild(tr)});return t}
function show(i){var d=D.docs[i];if(!d)return;main.innerHTML='';main.appendChild(e('h1',null,d.name));
if(d.md){main.appendChild(h('div',{class:'desc'},d.description));return}
var p=e('p');p.appendChild(e('span',{class:'m'},d.method));p.appendChild(e('code',null,d.url));main.appendChild(p);
if(d.contentType)main.appendChild(e('p',null,L.contentType+': '+d.contentType));if(d.deprecated)main.appendChild(e('p',{class:'dep'},L.deprecated+(d.deprecationReason?': '+d.deprecationReason:'')));
if(d.description)main.appendChild(h('div',{class:'desc'},d.description));
d.sections.forEach(function(s){main.appendChild(e('h2',null,s.title));main.appendChild(table(s.rows,s.key!=='response'))});
if(d.codes.length){main.appendChild(e('h2',null,L.codes));var t=e('table'),head=e('tr');[L.code,L.msg,L.solution].forEach(function(x){head.appendChild(e('th',null,x))});t.appendChild(head);d.codes.forEach(function(c){var tr=e('tr');c.forEach(function(v){tr.appendChild(e('td',null,v))});t.appendChild(tr)});main.appendChild(t)}
var on=nav.querySelector('a.on');if(on)on.classList.remove('on');var a=nav.querySelector('a[href="#d'+i+'"]');if(a)a.classList.add('on')}
function route(){var m=/^#d(\\d+)$/.exec(location.hash);show(m?+m[1]:0)}
window.addEventListener('hashchange',route);route();
document.getElementById('q').addEventListener('input',function(ev){var q=ev.target.value.toLowerCase();nav.querySelectorAll('a').forEach(function(a){a.style.display=!q||a.getAttribute('data-q').indexOf(q)>=0?'':'none'})});
})();
`;

/** The scope as one self-contained HTML page. */
export function toHtml(set: ExportSet, lang: string): string {
  const L = labels(lang);
  const docs: unknown[] = [];
  const tree = (nodes: OutlineNode[]): TreeJson[] =>
    nodes.flatMap((n): TreeJson[] => {
      if (n.kind === 'doc') {
        if (!n.doc) return [];
        const v = docView(n.doc, set.env, lang, set.commonReturns.get(n.doc.moduleId) ?? []);
        docs.push({
          name: v.name,
          method: v.isMarkdown ? '' : v.method,
          url: v.isMarkdown ? '' : v.url,
          md: v.isMarkdown ? 1 : 0,
          contentType: v.contentType,
          deprecated: v.deprecated ? 1 : 0,
          deprecationReason: v.deprecationReason,
          description: descriptionHtml(v.description),
          sections: v.sections.map((s) => ({
            key: s.key,
            title: s.title,
            rows: s.rows.map((r) => [
              r.depth,
              r.name,
              r.type,
              r.required ? 1 : 0,
              r.maxLength,
              r.example,
              [descriptionInlineHtml(r.description), r.enums && `<span class="enum">${escapeHtml(r.enums)}</span>`]
                .filter(Boolean)
                .join(' '),
            ]),
          })),
          codes: v.codes.map((c) => [c.code, c.msg, c.solution]),
        });
        return [{ n: n.name, d: docs.length - 1 }];
      }
      return [{ n: n.name, c: tree(n.children) }];
    });
  const roots = set.roots.length === 1 && set.roots[0].kind === 'module' ? set.roots[0].children : set.roots;
  const data = { title: set.title, labels: L, tree: tree(roots), docs };
  return `<!doctype html>
<html lang="${lang === 'zh-CN' ? 'zh-CN' : 'en'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(set.title)}</title><style>${STYLE}</style></head>
<body><nav><input id="q" type="search" placeholder="${esc(L.search)}"><div id="tree"></div></nav><main id="page"></main>
<script type="application/json" id="data">${scriptJson(data)}</script>
<script>${SCRIPT}</script></body></html>
`;
}
