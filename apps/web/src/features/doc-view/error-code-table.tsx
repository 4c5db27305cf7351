/** A doc's error codes: code, message and solution (business and application codes; statuses are response tabs). */
import type { ErrorCodeParam } from '@folio/shared';
import { useTranslation } from 'react-i18next';
import { Description } from './description';

/** The codes as a table; messages and solutions may hold Markdown. */
export function ErrorCodeTable({ codes }: { codes: ErrorCodeParam[] }) {
  const { t } = useTranslation();
  return (
    <div className="table-scroll">
      <table className="plain-table">
        <thead>
          <tr>
            <th>{t('view.col.code')}</th>
            <th>{t('view.col.msg')}</th>
            <th>{t('view.col.solution')}</th>
          </tr>
        </thead>
        <tbody>
          {codes.map((c, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: codes may repeat; the list is static
            <tr key={i}>
              <td>{c.code}</td>
              <td>
                <Description text={c.msg} inline />
              </td>
              <td>
                <Description text={c.solution} inline />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
