/** DingTalk user id and WeCom mobile of the current user, so robot notices can @mention them. */
import type { UserInfo } from '@folio/shared';
import { Button, Card, Form, Input, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../lib/auth';
import { showError } from '../../lib/errors';
import { ui } from '../../lib/ui';
import { useUpdateProfileMutation } from '../user-center/api';

type Bindings = Pick<UserInfo, 'dingtalkUserId' | 'wecomMobile'>;

export function UserBindings(_props: Record<string, never>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Bindings>();
  const update = useUpdateProfileMutation();
  const { data } = useMe();
  useEffect(() => {
    if (data) form.setFieldsValue({ dingtalkUserId: data.dingtalkUserId ?? '', wecomMobile: data.wecomMobile ?? '' });
  }, [data, form]);

  const save = async (v: Bindings) => {
    try {
      await update.mutateAsync({ dingtalkUserId: v.dingtalkUserId ?? '', wecomMobile: v.wecomMobile ?? '' });
      ui.message?.success(t('admin.saved'));
    } catch (e) {
      showError(e, form);
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
        <Button type="primary" htmlType="submit" loading={update.isPending}>
          {t('common.save')}
        </Button>
      </Form>
    </Card>
  );
}
