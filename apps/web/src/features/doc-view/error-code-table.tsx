/**
 * A doc's error codes: code, message and solution (business and application codes; statuses are response tabs),
 * and the examples a push documented for a code, in a column of their own when any code has some.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Description } from './description';
import { ExamplePicker } from './example-block';
import type { ErrorCodeRow } from './responses';

/** The codes as a table; messages and solutions may hold Markdown. */
export function ErrorCodeTable({ codes }: { codes: ErrorCodeRow[] }) {
  const { t } = useTranslation();
  const withExamples = codes.some((c) => c.examples?.length);
  return (
    <div className="table-scroll">
      <table className="plain-table">
        <thead>
          <tr>
            <th>{t('view.col.code')}</th>
            <th>{t('view.col.msg')}</th>
            <th>{t('view.col.solution')}</th>
            {withExamples && <th>{t('view.col.example')}</th>}
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
              {withExamples && <td>{c.examples?.length ? <CodeExamples row={c} /> : null}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A code's examples, a picker when there are several. */
function CodeExamples({ row }: { row: ErrorCodeRow }) {
  const [pick, setPick] = useState(0);
  return (
    <div data-testid="error-code-example">
      <ExamplePicker examples={row.examples ?? []} generated="" value={pick} onChange={setPick} />
    </div>
  );
}
