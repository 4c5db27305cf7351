/** Main layout: top bar (breadcrumbs, admin, preview mode, help, bell, user menu) around the sections. */
import {
  BellOutlined,
  EyeOutlined,
  KeyOutlined,
  LogoutOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  QuestionCircleOutlined,
  SettingOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { formatCount, UNREAD_BADGE_MAX } from '@folio/shared';
import { Avatar, Badge, Button, Dropdown, Layout, Space, Spin, Tooltip } from 'antd';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useMatches, useNavigate } from 'react-router';
import { logout, useMe, usePerms } from '../../lib/auth';
import { SearchBox } from '../search/search-box';
import { useUnreadMessagesQuery } from '../user-center/api';
import { TopBreadcrumbs } from './breadcrumbs';
import { SidebarProvider, useSidebar } from './sidebar';

/** Initials of a name for an avatar without image. */
function initials(name: string): string {
  return (name || '?').trim().slice(0, 1).toUpperCase();
}

const USER_SEARCH = { kind: 'user' } as const;

function TopBar() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = useMe();
  const perms = usePerms();
  const unread = useUnreadMessagesQuery();
  const { toggle, open, mobile } = useSidebar();
  const matches = useMatches();
  const hasSider = matches.some((m) => (m.handle as { sider?: boolean } | undefined)?.sider);
  const count = unread.data?.total ?? 0;
  const params = (matches[matches.length - 1]?.params ?? {}) as Record<string, string | undefined>;
  const previewTo = params.docId && !params.copyId ? `/view/${params.docId}` : '/view';

  return (
    <Layout.Header className="topbar">
      <Space size={mobile ? 4 : 12} className="topbar-left">
        {hasSider && (
          <Button
            type="text"
            aria-label={t('nav.toggleSidebar')}
            icon={open ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
            onClick={toggle}
          />
        )}
        <Link to="/dashboard" className="brand">
          <span className="brand-mark">F</span>
          {!mobile && <span className="brand-name">{t('app.name')}</span>}
        </Link>
        {!mobile && <TopBreadcrumbs />}
      </Space>
      <Space size={mobile ? 2 : 8} className="topbar-right">
        <SearchBox source={USER_SEARCH} compact={mobile} />
        {perms.data?.isSuperAdmin && (
          <Tooltip title={t('nav.admin')}>
            <Button type="text" icon={<SettingOutlined />} onClick={() => navigate('/admin/users')} data-testid="admin-button">
              {!mobile && t('nav.admin')}
            </Button>
          </Tooltip>
        )}
        <Tooltip title={t('nav.previewMode')}>
          <Button type="text" icon={<EyeOutlined />} onClick={() => navigate(previewTo)} data-testid="preview-button">
            {!mobile && t('nav.previewMode')}
          </Button>
        </Tooltip>
        <Tooltip title={t('nav.help')}>
          <Button type="text" icon={<QuestionCircleOutlined />} onClick={() => navigate('/help')} aria-label={t('nav.help')} />
        </Tooltip>
        <Tooltip title={t('nav.messages')}>
          <Badge count={count} overflowCount={UNREAD_BADGE_MAX} size="small" title={formatCount(count, UNREAD_BADGE_MAX)}>
            <Button
              type="text"
              icon={<BellOutlined />}
              onClick={() => navigate('/user/message')}
              aria-label={t('nav.messages')}
              data-testid="bell"
            />
          </Badge>
        </Tooltip>
        <Dropdown
          menu={{
            items: [
              { key: 'user', icon: <UserOutlined />, label: t('nav.userCenter') },
              { key: 'password', icon: <KeyOutlined />, label: t('account.changePassword') },
              { type: 'divider' },
              { key: 'logout', icon: <LogoutOutlined />, label: t('account.logout') },
            ],
            onClick: async ({ key }) => {
              if (key === 'user') navigate('/user');
              else if (key === 'password') navigate('/updatePassword');
              else {
                await logout();
                navigate('/login', { replace: true });
              }
            },
          }}
        >
          <Button type="text" className="user-button" data-testid="user-menu">
            <Avatar size="small" src={me.data?.avatar || undefined} style={{ background: '#1f6feb' }}>
              {initials(me.data?.nickname ?? '')}
            </Avatar>
            {!mobile && <span className="user-name">{me.data?.nickname}</span>}
          </Button>
        </Dropdown>
      </Space>
    </Layout.Header>
  );
}

export function MainLayout() {
  return (
    <SidebarProvider>
      <Layout className="main-layout">
        <TopBar />
        <Suspense fallback={<Spin className="page-spin" />}>
          <Outlet />
        </Suspense>
      </Layout>
    </SidebarProvider>
  );
}
