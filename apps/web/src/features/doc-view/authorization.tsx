/**
 * The doc view's "Authorization" section: the security the doc needs, as its source declared it (OpenAPI
 * security schemes and requirements, Postman auth): scheme, type, where it is sent, scopes.
 */
import type { DocAuth, DocAuthScheme } from '@folio/shared';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Description } from './description';

function typeText(s: DocAuthScheme, t: (k: string, o?: Record<string, unknown>) => string): string {
  if (s.type === 'http') {
    if (s.scheme === 'bearer') return `${t('view.doc.auth.type.bearer')}${s.bearerFormat ? ` (${s.bearerFormat})` : ''}`;
    if (s.scheme === 'basic') return t('view.doc.auth.type.basic');
    return t('view.doc.auth.type.http', { 0: s.scheme ?? '' });
  }
  if (['apiKey', 'oauth2', 'openIdConnect', 'mutualTLS'].includes(s.type)) return t(`view.doc.auth.type.${s.type}`);
  return t('view.doc.auth.type.unknown');
}

/** Where the credential goes: a header, a query parameter or a cookie (OAuth, OIDC, Bearer: Authorization). */
export function authWhere(s: DocAuthScheme): { in: 'header' | 'query' | 'cookie'; name: string } | null {
  if (s.type === 'apiKey' && s.paramName)
    return { in: s.in === 'query' ? 'query' : s.in === 'cookie' ? 'cookie' : 'header', name: s.paramName };
  if (s.type === 'http' || s.type === 'oauth2' || s.type === 'openIdConnect') return { in: 'header', name: 'Authorization' };
  return null;
}

function SchemeRow({ s }: { s: DocAuthScheme }) {
  const { t } = useTranslation();
  const where = authWhere(s);
  return (
    <tr data-testid="auth-scheme">
      <td className="auth-name">
        <code>{s.name}</code>
      </td>
      <td>
        {typeText(s, t)}
        {s.flows?.map((f) => (
          <div key={f.flow} className="muted auth-flow">
            {t('view.doc.auth.flow', { 0: f.flow })}
            {f.authorizationUrl && (
              <div>
                {t('view.doc.auth.authorizationUrl')}: <code>{f.authorizationUrl}</code>
              </div>
            )}
            {f.tokenUrl && (
              <div>
                {t('view.doc.auth.tokenUrl')}: <code>{f.tokenUrl}</code>
              </div>
            )}
          </div>
        ))}
        {s.openIdConnectUrl && (
          <div className="muted">
            <code>{s.openIdConnectUrl}</code>
          </div>
        )}
        {s.description && <Description text={s.description} className="auth-desc" />}
      </td>
      <td className="auth-where">{where ? t(`view.doc.auth.${where.in}`, { 0: where.name }) : '-'}</td>
      <td>
        {s.scopes.length
          ? s.scopes.map((sc) => (
              <code key={sc} className="auth-scope">
                {sc}
              </code>
            ))
          : '-'}
      </td>
    </tr>
  );
}

/** The section's body: none needed, or one table whose rows are the schemes; alternatives are parted by "or". */
export function Authorization({ auth }: { auth: DocAuth }) {
  const { t } = useTranslation();
  const alternatives = auth.filter((a) => a.length);
  const optional = alternatives.length < auth.length;
  if (!alternatives.length) return <div className="muted">{t('view.doc.auth.none')}</div>;
  // Each alternative of one scheme (the usual case): "any one of these" says it all; else "or" between them.
  const grouped = alternatives.some((a) => a.length > 1);
  return (
    <div data-testid="doc-auth">
      {alternatives.length > 1 && !grouped && <div className="muted">{t('view.doc.auth.anyOf')}</div>}
      {alternatives.length === 1 && grouped && <div className="muted">{t('view.doc.auth.together')}</div>}
      <div className="table-scroll">
        <table className="plain-table auth-table">
          <thead>
            <tr>
              <th>{t('view.doc.auth.scheme')}</th>
              <th>{t('view.doc.auth.type')}</th>
              <th>{t('view.doc.auth.where')}</th>
              <th>{t('view.doc.auth.scopes')}</th>
            </tr>
          </thead>
          <tbody>
            {alternatives.map((a, i) => (
              <Fragment key={a.map((x) => x.name).join('+')}>
                {grouped && alternatives.length > 1 && (
                  <tr className="auth-or">
                    <td colSpan={4} className="muted">
                      {i === 0 ? t('view.doc.auth.anyOf') : t('view.doc.auth.or')} {a.length > 1 ? t('view.doc.auth.together') : ''}
                    </td>
                  </tr>
                )}
                {a.map((x) => (
                  <SchemeRow key={x.name} s={x} />
                ))}
              </Fragment>
            ))}
          </tbody>
        </table>
      </div>
      {optional && <div className="muted">{t('view.doc.auth.optional')}</div>}
    </div>
  );
}
