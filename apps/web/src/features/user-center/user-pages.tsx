/** User centre: its section layout and system setting (language, bindings); the other pages live beside it. */
import { BellOutlined, HeartOutlined, KeyOutlined, SettingOutlined, UserOutlined } from '@ant-design/icons';
import { Card, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LangSelect } from '../../components/lang-select';
import { PageHeader } from '../../components/page-header';
import { SectionLayout } from '../shell/sidebar';
import { UserBindings } from '../sso/user-bindings';

export { UserMessagePage } from './message-page';
export { UserSubscribePage } from './subscribe-page';
export { UserInfoPage } from './user-info-page';

export function UserLayout() {
  const { t } = useTranslation();
  return (
    <SectionLayout
      header={<div className="sider-title">{t('nav.userCenter')}</div>}
      items={[
        { key: '/user', label: t('user.baseInfo'), icon: <UserOutlined /> },
        { key: '/user/subscribe/doc', label: t('user.subscriptions'), icon: <HeartOutlined /> },
        { key: '/user/message', label: t('user.messages'), icon: <BellOutlined /> },
        { key: '/user/systemSetting', label: t('user.systemSetting'), icon: <SettingOutlined /> },
        { key: '/user/tokens', label: t('agents.tokens'), icon: <KeyOutlined /> },
      ]}
    />
  );
}

export function UserSystemSettingPage() {
  const { t } = useTranslation();
  return (
    <div className="page">
      <PageHeader title={t('user.systemSetting')} />
      <Card title={t('user.language')} style={{ marginBottom: 16 }}>
        <Space>
          <Typography.Text>{t('user.languageHint')}</Typography.Text>
          <LangSelect size="middle" saveToProfile />
        </Space>
      </Card>
      <UserBindings />
    </div>
  );
}
