/**
 * The request body's examples from the imported spec, in the editor: each with where it no longer matches the
 * parameters being edited (the same check as the preview's) and a button to remove it. Editing the parameters
 * never rewrites them: they are what the spec said, and the preview labels them so.
 */
import { DeleteOutlined } from '@ant-design/icons';
import type { NamedExample } from '@folio/shared';
import { Button, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type EditParam, toDocParams } from '../../lib/param-tree';
import { exampleLabel } from '../doc-view/example-block';
import { exampleFit, misfits } from '../doc-view/example-fit';

export function SpecExamples({
  examples,
  params,
  onChange,
}: {
  examples: NamedExample[];
  params: EditParam[];
  onChange: (next: NamedExample[]) => void;
}) {
  const { t } = useTranslation();
  const current = useMemo(() => toDocParams(params), [params]);
  if (!examples.length) return null;
  return (
    <section className="spec-examples" data-testid="spec-examples" aria-label={t('doc.specExamples')}>
      <Typography.Text strong>{t('doc.specExamples')}</Typography.Text>
      <Typography.Paragraph type="secondary" className="spec-examples-hint">
        {t('doc.specExamplesHint')}
      </Typography.Paragraph>
      <ul>
        {examples.map((e, i) => {
          const label = exampleLabel(e, i, (n) => t('view.doc.exampleN', { 0: n }));
          const fit = exampleFit(e.value, current);
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: an example is its position in the list
            <li key={i} data-testid="spec-example">
              <span className="spec-example-name">{label}</span>
              {misfits(fit) && (
                <span className="example-misfit" data-testid="spec-example-misfit">
                  {[
                    fit.unknown.length ? t('view.doc.misfitUnknown', { 0: fit.unknown.slice(0, 5).join(', ') }) : '',
                    fit.missing.length ? t('view.doc.misfitMissing', { 0: fit.missing.slice(0, 5).join(', ') }) : '',
                  ]
                    .filter(Boolean)
                    .join('; ')}
                </span>
              )}
              <Button
                size="small"
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('doc.removeExample', { 0: label })}
                title={t('doc.removeExample', { 0: label })}
                onClick={() => onChange(examples.filter((_, j) => j !== i))}
              />
            </li>
          );
        })}
      </ul>
    </section>
  );
}
