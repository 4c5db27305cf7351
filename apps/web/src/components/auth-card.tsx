/** Centered card used by the account pages (login, sign-up, passwords). */
import { Card, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LangSelect } from './lang-select';

export function AuthCard({ title, children, footer }: { title: string; children: ReactNode; footer?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="auth-page">
      <div className="auth-lang">
        <LangSelect />
      </div>
      <Flex vertical align="center" gap={16} style={{ width: '100%', maxWidth: 400 }}>
        <Typography.Title level={2} style={{ margin: 0 }}>
          <span className="brand-mark">F</span> {t('app.name')}
        </Typography.Title>
        <Card title={title} style={{ width: '100%' }}>
          {children}
        </Card>
        {footer}
      </Flex>
    </div>
  );
}
