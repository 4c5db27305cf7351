/**
 * The editor's form fields: name, method and URL (HTTP) or method name (Dubbo), content type, status,
 * maintainer, folder, order, version, visibility and deprecation; the Dubbo service; the Markdown or rich-text
 * content of text docs, or the description of the others.
 */
import type { TreeNode } from '@folio/shared';
import { CONTENT_TYPES, DocStatus, DocType, HTTP_METHODS } from '@folio/shared';
import { Card, Col, Flex, Form, type FormInstance, Input, InputNumber, Row, Select, Space, Switch, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { MarkdownEditor } from '../../components/markdown-editor';
import { RichTextEditor } from '../../components/rich-text-editor';
import type { DocFormValues } from './doc-form';

interface FolderOption {
  value: string;
  title: string;
  children: FolderOption[];
}

function folderTree(nodes: TreeNode[]): FolderOption[] {
  return nodes.filter((n) => n.isFolder).map((n) => ({ value: n.id, title: n.label || n.name, children: folderTree(n.children ?? []) }));
}

/** The fields of a doc of `type`; `tree` is the application's tree (its folders are the folder choices). */
export function DocFields({
  form,
  type,
  tree,
  onDirty,
}: {
  form: FormInstance<DocFormValues>;
  type: number;
  tree: TreeNode[];
  onDirty: () => void;
}) {
  const { t } = useTranslation();
  const isHttp = type === DocType.HTTP;
  const isDubbo = type === DocType.DUBBO;
  const isText = type === DocType.MARKDOWN || type === DocType.CUSTOM;
  return (
    <Form form={form} layout="vertical" onValuesChange={onDirty} requiredMark>
      <Card size="small" className="editor-card">
        <Row gutter={16}>
          <Col xs={24} md={isHttp ? 8 : 12}>
            <Form.Item
              name="name"
              label={t('doc.name')}
              rules={[{ required: true, whitespace: true, max: 255, message: t('validation.notEmptyLength', { 0: 255 }) }]}
            >
              <Input data-testid="doc-name" />
            </Form.Item>
          </Col>
          {isHttp && (
            <Col xs={24} md={16}>
              <Form.Item label={t('doc.url')} required>
                <Space.Compact style={{ width: '100%' }}>
                  <Form.Item name="httpMethod" noStyle>
                    <Select
                      style={{ width: 120 }}
                      options={HTTP_METHODS.map((m) => ({ value: m, label: m }))}
                      aria-label={t('doc.httpMethod')}
                      data-testid="doc-method"
                    />
                  </Form.Item>
                  <Form.Item
                    name="url"
                    noStyle
                    rules={[
                      { required: true, whitespace: true, message: t('validation.notEmpty') },
                      { max: 1024, message: t('validation.maxLength', { 0: 1024 }) },
                    ]}
                  >
                    <Input placeholder="/api/users/{id}" data-testid="doc-url" />
                  </Form.Item>
                </Space.Compact>
              </Form.Item>
            </Col>
          )}
          {isDubbo && (
            <Col xs={24} md={12}>
              <Form.Item name="url" label={t('dubbo.method')} rules={[{ max: 1024, message: t('validation.maxLength', { 0: 1024 }) }]}>
                <Input placeholder="getUser" />
              </Form.Item>
            </Col>
          )}
        </Row>
        <Row gutter={16}>
          {isHttp && (
            <Col xs={24} sm={12} md={6}>
              <Form.Item name="contentType" label={t('doc.contentType')}>
                <Select options={CONTENT_TYPES.map((c) => ({ value: c, label: c }))} />
              </Form.Item>
            </Col>
          )}
          <Col xs={12} md={isText ? 6 : 4}>
            <Form.Item name="status" label={t('doc.status')}>
              <Select
                options={[
                  { value: DocStatus.TODO, label: t('doc.statusTodo') },
                  { value: DocStatus.DOING, label: t('doc.statusDoing') },
                  { value: DocStatus.DONE, label: t('doc.statusDone') },
                ]}
              />
            </Form.Item>
          </Col>
          <Col xs={12} md={4}>
            <Form.Item name="author" label={t('doc.author')} rules={[{ max: 128, message: t('validation.maxLength', { 0: 128 }) }]}>
              <Input />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} md={isText ? 8 : 6}>
            <Form.Item name="parentId" label={t('doc.folder')}>
              <TreeSelect
                allowClear
                treeDefaultExpandAll
                placeholder={t('folder.root')}
                treeData={[{ value: '', title: t('folder.root'), children: folderTree(tree) }]}
              />
            </Form.Item>
          </Col>
          <Col xs={12} md={2}>
            <Form.Item name="orderIndex" label={t('doc.order')} tooltip={t('doc.orderHint')}>
              <InputNumber controls={false} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} md={2}>
            <Form.Item name="version" label={t('doc.version')}>
              <Input />
            </Form.Item>
          </Col>
        </Row>
        <Flex gap={24} wrap align="center">
          <Form.Item name="isShow" valuePropName="checked" label={t('doc.isShow')} layout="horizontal" style={{ marginBottom: 8 }}>
            <Switch size="small" />
          </Form.Item>
          <Form.Item
            name="deprecatedOn"
            valuePropName="checked"
            label={t('doc.deprecated')}
            layout="horizontal"
            style={{ marginBottom: 8 }}
          >
            <Switch size="small" />
          </Form.Item>
          <Form.Item noStyle shouldUpdate={(a, b) => a.deprecatedOn !== b.deprecatedOn}>
            {({ getFieldValue }) =>
              getFieldValue('deprecatedOn') && (
                <Form.Item name="deprecatedReason" style={{ marginBottom: 8, minWidth: 240 }}>
                  <Input size="small" placeholder={t('doc.deprecatedReason')} />
                </Form.Item>
              )
            }
          </Form.Item>
        </Flex>
      </Card>

      {isDubbo && (
        <Card size="small" title={t('dubbo.title')} className="editor-card">
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item name="dubboInterfaceName" label={t('dubbo.interfaceName')}>
                <Input placeholder="com.example.UserService" />
              </Form.Item>
            </Col>
            <Col xs={8} md={4}>
              <Form.Item name="dubboVersion" label={t('doc.version')}>
                <Input />
              </Form.Item>
            </Col>
            <Col xs={8} md={4}>
              <Form.Item name="dubboProtocol" label={t('dubbo.protocol')}>
                <Input />
              </Form.Item>
            </Col>
            <Col xs={8} md={4}>
              <Form.Item name="dubboAuthor" label={t('doc.author')}>
                <Input />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item name="definition" label={t('dubbo.definition')}>
            <Input className="mono" placeholder="User getUser(Long id)" />
          </Form.Item>
          <Form.Item name="dubboDependency" label={t('dubbo.dependency')}>
            <Input.TextArea rows={4} className="mono" placeholder="<dependency>…</dependency>" />
          </Form.Item>
        </Card>
      )}

      {type === DocType.MARKDOWN && (
        <Card size="small" title={t('doc.content')} className="editor-card">
          <Form.Item name="description" noStyle>
            <MarkdownEditor height={480} />
          </Form.Item>
        </Card>
      )}
      {type === DocType.CUSTOM && (
        <Card size="small" title={t('doc.content')} className="editor-card">
          <Form.Item name="description" noStyle>
            <RichTextEditor />
          </Form.Item>
        </Card>
      )}
      {!isText && (
        <Card size="small" title={t('doc.description')} className="editor-card">
          <Form.Item name="description" noStyle>
            <MarkdownEditor height={200} />
          </Form.Item>
        </Card>
      )}
    </Form>
  );
}
