/**
 * Managing one composed project: its docs and folders picked from other spaces (own folder names and order),
 * settings (visibility, password, debugging, gateway), common params and extra pages; one file per tab.
 */
import { Drawer, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ComposeProject } from '../compose/api';
import { ComposeDocs } from './compose-docs';
import { ComposePages } from './compose-pages';
import { ComposeParams } from './compose-params';
import { ComposeSettings } from './compose-settings';

/** The drawer of a compose project's management tabs. */
export function ComposeManageDrawer({ project, onClose }: { project: ComposeProject | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Drawer open={!!project} size={Math.min(1100, window.innerWidth)} title={project?.name} onClose={onClose} destroyOnHidden>
      {project && (
        <Tabs
          items={[
            { key: 'docs', label: t('compose.docs'), children: <ComposeDocs project={project} /> },
            { key: 'settings', label: t('compose.settings'), children: <ComposeSettings project={project} /> },
            { key: 'params', label: t('compose.params'), children: <ComposeParams project={project} /> },
            { key: 'pages', label: t('compose.pages'), children: <ComposePages project={project} /> },
          ]}
        />
      )}
    </Drawer>
  );
}
