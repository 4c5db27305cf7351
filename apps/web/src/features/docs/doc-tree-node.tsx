/** One row of the doc tree: icon per kind, coloured method tag, count in brackets, deprecated styling. */
import {
  ApiOutlined,
  AppstoreOutlined,
  FileMarkdownOutlined,
  FileTextOutlined,
  FolderOutlined,
  LockOutlined,
  ProjectOutlined,
} from '@ant-design/icons';
import { DocType, FolderType, isDeprecated, METHOD_TAG_COLORS, type TreeNode } from '@folio/shared';
import { Tag } from 'antd';

/** Icon of a tree node by its kind. */
export function nodeIcon(n: Pick<TreeNode, 'type' | 'isFolder' | 'docType'>) {
  if (n.type === FolderType.PROJECT) return <ProjectOutlined />;
  if (n.type === FolderType.MODULE) return <AppstoreOutlined />;
  if (n.isFolder) return <FolderOutlined />;
  if (n.docType === DocType.MARKDOWN) return <FileMarkdownOutlined />;
  if (n.docType === DocType.DUBBO) return <ApiOutlined />;
  return <FileTextOutlined />;
}

/** What a tree row shows for a doc: its name, or its method and path (how a reader of a spec knows it). */
export type TreeLabelMode = 'name' | 'path';

export function DocTreeTitle({ node, labelMode = 'name' }: { node: TreeNode; labelMode?: TreeLabelMode }) {
  const deprecated = !node.isFolder && isDeprecated(node.deprecated);
  const isHttp = !node.isFolder && (node.docType === DocType.HTTP || node.docType === undefined) && !!node.httpMethod;
  return (
    <span
      className={`tree-title${deprecated ? ' deprecated' : ''}`}
      title={
        node.webhook
          ? `${node.label}\nWebhook ${node.webhook} · ${node.httpMethod.toUpperCase()}`
          : node.url
            ? `${node.label}\n${node.url}`
            : node.label
      }
      data-testid="tree-node"
    >
      <span className="tree-icon">{nodeIcon(node)}</span>
      {isHttp && node.webhook && (
        <Tag color="purple" className="method-tag" data-testid="webhook-tag" title={`Webhook · ${node.httpMethod.toUpperCase()}`}>
          WEBHOOK
        </Tag>
      )}
      {isHttp && !node.webhook && (
        <Tag color={METHOD_TAG_COLORS[node.httpMethod.toUpperCase()] ?? 'default'} className="method-tag" data-testid="method-tag">
          {node.httpMethod.toUpperCase()}
        </Tag>
      )}
      <span className="tree-label">{labelMode === 'path' && isHttp && node.url ? node.url : node.label || node.name}</span>
      {!!node.isFolder && <span className="tree-count">({node.apiCount ?? 0})</span>}
      {!!node.isLocked && <LockOutlined className="tree-lock" />}
    </span>
  );
}
