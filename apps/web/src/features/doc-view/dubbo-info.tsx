/** A Dubbo doc's service: interface, version, protocol, author, the Maven dependency and the interface's definition. */
import { useTranslation } from 'react-i18next';
import { Section } from './doc-parts';
import type { ViewDoc } from './doc-source';
import { CodeBlock } from './example-block';

/** The section of a Dubbo doc's service (the table when the doc has its info, the definition when it has one). */
export function DubboInfo({ doc }: { doc: ViewDoc }) {
  const { t } = useTranslation();
  const d = doc.dubboInfo;
  return (
    <Section title={t('view.dubbo.title')} testId="dubbo-info">
      {d && (
        <table className="plain-table dubbo-table">
          <tbody>
            <tr>
              <th>{t('view.dubbo.interfaceName')}</th>
              <td>{d.interfaceName}</td>
            </tr>
            <tr>
              <th>{t('view.dubbo.version')}</th>
              <td>{d.version}</td>
            </tr>
            <tr>
              <th>{t('view.dubbo.protocol')}</th>
              <td>{d.protocol}</td>
            </tr>
            <tr>
              <th>{t('view.dubbo.author')}</th>
              <td>{d.author}</td>
            </tr>
            {d.dependency && (
              <tr>
                <th>{t('view.dubbo.dependency')}</th>
                <td>
                  <pre className="inline-pre">{d.dependency}</pre>
                </td>
              </tr>
            )}
          </tbody>
        </table>
      )}
      {doc.definition && (
        <>
          <strong>{t('view.dubbo.definition')}</strong>
          <CodeBlock text={doc.definition} />
        </>
      )}
    </Section>
  );
}
