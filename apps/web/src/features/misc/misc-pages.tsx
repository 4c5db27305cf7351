/** Small pages: 404, the /openapi guide wrapper, and the in-app manual (/help). */
import { Anchor, Button, Card, Col, Result, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Markdown } from '../../components/markdown';
import { OpenApiPage } from '../openapi-guide/openapi-page';

export function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title="404"
      subTitle={t('common.notFound')}
      extra={
        <Button type="primary" onClick={() => navigate('/')}>
          {t('nav.home')}
        </Button>
      }
    />
  );
}

export function OpenApiRoute() {
  return (
    <div className="page">
      <OpenApiPage />
    </div>
  );
}

const SECTIONS = ['start', 'spaces', 'apps', 'editing', 'preview', 'share', 'push', 'import', 'members', 'account'] as const;

export function HelpPage() {
  const { t } = useTranslation();
  return (
    <div className="page page-wide">
      <Row gutter={24}>
        <Col xs={0} md={6}>
          <Anchor
            offsetTop={72}
            items={SECTIONS.map((s) => ({ key: s, href: `#help-${s}`, title: t(`help.${s}.title`) }))}
            getContainer={() => window}
          />
        </Col>
        <Col xs={24} md={18}>
          <Typography.Title level={3}>{t('help.title')}</Typography.Title>
          <Typography.Paragraph type="secondary">{t('help.intro')}</Typography.Paragraph>
          {SECTIONS.map((s) => (
            <Card key={s} id={`help-${s}`} title={t(`help.${s}.title`)} style={{ marginBottom: 16 }}>
              <Markdown source={t(`help.${s}.body`)} />
            </Card>
          ))}
        </Col>
      </Row>
    </div>
  );
}
