/** Admin (super admins): user management and system settings, with a sidebar and a way back to doc management. */
import { ArrowLeftOutlined, DeleteOutlined, SettingOutlined, TeamOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePerms } from '../../lib/auth';
import { AdminSettingPage } from '../admin-setting/admin-setting-page';
import { SectionLayout } from '../shell/sidebar';

export { AdminUsersPage } from './users-page';

export function AdminLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const perms = usePerms();
  if (perms.data && !perms.data.isSuperAdmin) return <Result status="403" title={t('common.noPermission')} />;
  return (
    <SectionLayout
      header={<div className="sider-title">{t('nav.admin')}</div>}
      items={[
        { key: '/admin/users', label: t('admin.users'), icon: <TeamOutlined /> },
        { key: '/admin/setting', label: t('admin.setting'), icon: <SettingOutlined /> },
        { key: '/admin/trash', label: t('trash.menu'), icon: <DeleteOutlined /> },
      ]}
      footer={
        <div style={{ padding: '8px 12px' }}>
          <Button
            block
            style={{ whiteSpace: 'normal', height: 'auto', minHeight: 32 }}
            icon={<ArrowLeftOutlined />}
            onClick={() => navigate('/dashboard')}
            data-testid="back-to-docs"
          >
            {t('admin.backToDocs')}
          </Button>
        </div>
      }
    />
  );
}

export function AdminSettingRoute() {
  return (
    <div className="page">
      <AdminSettingPage />
    </div>
  );
}
