/**
 * The doc view's "Authorization" section: the security the doc needs, as its source declared it (OpenAPI
 * security schemes and requirements, Postman auth): scheme, type, where it is sent, scopes.
 */
import type { DocAuth, DocAuthScheme } from '@folio/shared';
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
      <td>
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
      <td>{where ? t(`view.doc.auth.${where.in}`, { 0: where.name }) : '-'}</td>
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

function SchemeTable({ schemes }: { schemes: DocAuthScheme[] }) {
  const { t } = useTranslation();
  return (
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
        {schemes.map((s) => (
          <SchemeRow key={s.name} s={s} />
        ))}
      </tbody>
    </table>
  );
}

/** The section's body: none needed, one set of schemes, or alternatives (any one is enough). */
export function Authorization({ auth }: { auth: DocAuth }) {
  const { t } = useTranslation();
  const alternatives = auth.filter((a) => a.length);
  const optional = alternatives.length < auth.length;
  if (!alternatives.length) return <div className="muted">{t('view.doc.auth.none')}</div>;
  return (
    <div data-testid="doc-auth">
      {alternatives.length > 1 && <div className="muted">{t('view.doc.auth.anyOf')}</div>}
      {alternatives.map((a) => (
        <div key={a.map((s) => s.name).join('+')} className="auth-alternative">
          {a.length > 1 && <div className="muted">{t('view.doc.auth.together')}</div>}
          <SchemeTable schemes={a} />
        </div>
      ))}
      {optional && <div className="muted">{t('view.doc.auth.optional')}</div>}
    </div>
  );
}
