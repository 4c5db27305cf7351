/**
 * Where a doc's call goes: the method and the URL on the chosen environment's base URL (copy buttons, the
 * environment picker, remembered per application), or for a webhook the event the API sends.
 */
import { CopyOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../lib/clipboard';
import { readLocal, writeLocal } from '../../lib/storage';
import type { ViewEnvironment } from './doc-source';
import { MethodTag, WebhookTag } from './method-tag';

const ENV_KEY = 'folio.view.env';

/** The environment the reader picked for an application (remembered in the browser), else its first one. */
export function useChosenEnvironment(moduleId: string, environments: ViewEnvironment[]) {
  const [name, setName] = useState<string>(() => readLocal<Record<string, string>>(ENV_KEY, {})[moduleId] ?? '');
  const env = environments.find((e) => e.name === name) ?? environments[0];
  const choose = (next: string) => {
    setName(next);
    writeLocal(ENV_KEY, { ...readLocal<Record<string, string>>(ENV_KEY, {}), [moduleId]: next });
  };
  return { env, choose };
}

/** The method and the full URL, with copy buttons and the environment picker (when the doc offers environments). */
export function DocUrlBar({
  method,
  url,
  environments,
  env,
  onChoose,
}: {
  method: string;
  url: string;
  environments: ViewEnvironment[];
  env: ViewEnvironment | undefined;
  onChoose: (name: string) => void;
}) {
  const { t } = useTranslation();
  const fullUrl = `${env?.url ?? ''}${url}` || url;
  return (
    <div className="doc-url" data-testid="doc-url">
      <MethodTag method={method} />
      <span className="url-text">{fullUrl}</span>
      <Button
        size="small"
        type="text"
        icon={<CopyOutlined />}
        title={t('view.doc.copyUrl')}
        aria-label={t('view.doc.copyUrl')}
        onClick={() => copyText(fullUrl)}
      />
      <Button size="small" onClick={() => copyText(`${method} ${fullUrl}`)}>
        {t('view.doc.copyMethodUrl')}
      </Button>
      {environments.length > 0 && (
        <span className="doc-env">
          <span className="muted">{t('view.doc.environment')}: </span>
          <select value={env?.name} aria-label={t('view.doc.environment')} onChange={(e) => onChoose(e.target.value)}>
            {environments.map((e) => (
              <option key={e.id} value={e.name}>
                {`${e.name} (${e.url})`}
              </option>
            ))}
          </select>
        </span>
      )}
    </div>
  );
}

/** A webhook's line: the event name the API sends, instead of a URL to call. */
export function WebhookBar({ method, event }: { method: string; event: string }) {
  const { t } = useTranslation();
  return (
    <div className="doc-url doc-webhook" data-testid="doc-webhook">
      <WebhookTag method={method} />
      <MethodTag method={method} />
      <span className="url-text">{event}</span>
      <span className="muted webhook-note">{t('view.doc.webhookNote')}</span>
    </div>
  );
}
