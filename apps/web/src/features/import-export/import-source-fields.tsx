/** Where an import reads from: an uploaded file, a URL (with optional basic auth) or pasted content. */
import { Form, Input, Radio, Space, Typography, Upload } from 'antd';
import type { UploadFile } from 'antd/es/upload/interface';
import { useTranslation } from 'react-i18next';

/** The kinds of import source. */
export type ImportSourceKind = 'file' | 'url' | 'content';

/** The source fields of the import form (the URL fields are form fields; the file is kept by the dialog). */
export function SourceFields({
  source,
  onSource,
  files,
  onFiles,
  fileError,
  onFileError,
}: {
  source: ImportSourceKind;
  onSource: (s: ImportSourceKind) => void;
  files: UploadFile[];
  onFiles: (f: UploadFile[]) => void;
  fileError: string;
  onFileError: (e: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item label={t('ie.import.source')}>
        <Radio.Group value={source} onChange={(e) => onSource(e.target.value)} optionType="button">
          <Radio value="file">{t('ie.import.source.file')}</Radio>
          <Radio value="url">{t('ie.import.source.url')}</Radio>
          <Radio value="content">{t('ie.import.source.content')}</Radio>
        </Radio.Group>
      </Form.Item>
      {source === 'file' && (
        <Form.Item validateStatus={fileError ? 'error' : undefined} help={fileError || undefined}>
          <Upload.Dragger
            accept=".json,.yaml,.yml,.md,.markdown,.txt"
            fileList={files}
            maxCount={1}
            beforeUpload={() => false}
            onChange={({ fileList }) => {
              onFiles(fileList.slice(-1));
              onFileError(fileList.length > 1 ? t('ie.import.oneFile') : '');
            }}
            data-testid="import-file"
          >
            <p>{t('ie.import.drop')}</p>
          </Upload.Dragger>
        </Form.Item>
      )}
      {source === 'url' && (
        <>
          <Form.Item name="url" rules={[{ required: true, message: t('ie.import.url.required') }, { type: 'url' }, { max: 2048 }]}>
            <Input placeholder={t('ie.import.url.placeholder')} />
          </Form.Item>
          <Typography.Text type="secondary">{t('ie.import.basicAuth')}</Typography.Text>
          <Space.Compact block style={{ marginTop: 4, marginBottom: 16 }}>
            <Form.Item name="basicAuthUsername" noStyle rules={[{ max: 128 }]}>
              <Input placeholder={t('ie.import.username')} autoComplete="off" />
            </Form.Item>
            <Form.Item name="basicAuthPassword" noStyle rules={[{ max: 256 }]}>
              <Input.Password placeholder={t('ie.import.password')} autoComplete="new-password" />
            </Form.Item>
          </Space.Compact>
        </>
      )}
      {source === 'content' && (
        <Form.Item name="content" rules={[{ required: true, whitespace: true, message: t('ie.import.content.required') }]}>
          <Input.TextArea rows={10} placeholder={t('ie.import.content.placeholder')} style={{ fontFamily: 'monospace' }} />
        </Form.Item>
      )}
    </>
  );
}
