/** DingTalk user id and WeCom mobile of the current user, so robot notices can @mention them. */
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Form, Input, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';
import { showError } from '../../lib/errors';
import { queryClient } from '../../lib/query';
import { ui } from '../../lib/ui';

interface Bindings {
  dingtalkUserId: string;
  wecomMobile: string;
}

export function UserBindings(_props: Record<string, never>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Bindings>();
  const [busy, setBusy] = useState(false);
  const { data } = useQuery({ queryKey: ['me', 'bindings'], queryFn: () => api.get<Bindings>('user/info') });
  useEffect(() => {
    if (data) form.setFieldsValue({ dingtalkUserId: data.dingtalkUserId ?? '', wecomMobile: data.wecomMobile ?? '' });
  }, [data, form]);

  const save = async (v: Bindings) => {
    setBusy(true);
    try {
      await api.post('user/info/update', { dingtalkUserId: v.dingtalkUserId ?? '', wecomMobile: v.wecomMobile ?? '' });
      ui.message?.success(t('admin.saved'));
      queryClient.invalidateQueries({ queryKey: ['me'] });
    } catch (e) {
      showError(e, form);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title={t('sso.bindings')} size="small" style={{ maxWidth: 560 }}>
      <Typography.Paragraph type="secondary">{t('sso.bindingsHint')}</Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={save}>
        <Form.Item name="dingtalkUserId" label={t('sso.dingtalkUserId')} rules={[{ max: 128 }]}>
          <Input allowClear />
        </Form.Item>
        <Form.Item
          name="wecomMobile"
          label={t('sso.wecomMobile')}
          rules={[{ max: 32 }, { pattern: /^[0-9+\- ]*$/, message: t('validation.finishForm') }]}
        >
          <Input allowClear />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy}>
          {t('common.save')}
        </Button>
      </Form>
    </Card>
  );
}
