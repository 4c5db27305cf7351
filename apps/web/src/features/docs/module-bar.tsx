/** The bar above application management: the project switcher, the application picked and "create application". */
import { AppstoreAddOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { fetchViewProjects } from '../project/project-api';
import type { ModuleItem } from './docs-api';

/** Jumps to another project, grouped by space (the space selector of the doc tree). */
function ProjectSwitcher({ projectId }: { projectId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data } = useQuery({ queryKey: ['viewProjects'], queryFn: fetchViewProjects, staleTime: 60_000 });
  const groups = new Map<string, { label: string; options: { value: string; label: string }[] }>();
  for (const p of data ?? []) {
    const g = groups.get(p.spaceId) ?? { label: p.spaceName, options: [] };
    g.options.push({ value: p.id, label: p.name });
    groups.set(p.spaceId, g);
  }
  return (
    <Select
      value={projectId}
      style={{ minWidth: 200 }}
      popupMatchSelectWidth={false}
      showSearch={{ optionFilterProp: 'label' }}
      aria-label={t('module.switchProject')}
      options={[...groups.values()]}
      onChange={(id) => navigate(`/project/doc/${id}`)}
      data-testid="project-switcher"
    />
  );
}

/** `onCreate` is absent when the user may not create applications; labels give way to icons on a phone. */
export function ModuleBar({
  projectId,
  modules,
  moduleId,
  mobile,
  onPick,
  onCreate,
}: {
  projectId: string;
  modules: ModuleItem[];
  moduleId: string;
  mobile: boolean;
  onPick: (moduleId: string) => void;
  onCreate?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Flex className="module-bar" align="center" gap={8} wrap>
      <ProjectSwitcher projectId={projectId} />
      {!mobile && <Typography.Text type="secondary">{t('module.current')}</Typography.Text>}
      <Select
        value={moduleId}
        style={{ minWidth: 200 }}
        onChange={onPick}
        options={modules.map((m) => ({ value: m.id, label: m.name }))}
        showSearch={{ optionFilterProp: 'label' }}
        aria-label={t('module.current')}
        data-testid="module-select"
      />
      {onCreate && (
        <Button icon={<AppstoreAddOutlined />} onClick={onCreate} data-testid="create-module">
          {!mobile && t('module.create')}
        </Button>
      )}
    </Flex>
  );
}
