/** The avatar's upload and remove buttons (the profile shows initials without one). */
import { Button, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showError } from '../../lib/errors';
import { uploadFile, useUpdateProfileMutation } from './api';

/** Reads a file as base64 (without the data: prefix). */
function fileBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(String(r.result).replace(/^data:[^,]*,/, ''));
    r.onerror = () => reject(r.error);
    r.readAsDataURL(file);
  });
}

/** Uploads a PNG/JPEG/GIF/WebP as the avatar, or removes it (initials are shown then). */
export function AvatarUpload({ hasAvatar }: { hasAvatar: boolean }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const update = useUpdateProfileMutation();
  const save = (avatar: string) => update.mutateAsync({ avatar });
  return (
    <Space size={4}>
      <Button size="small" loading={busy} onClick={() => document.getElementById('avatar-file')?.click()}>
        {t('user.avatarUpload')}
      </Button>
      {hasAvatar && (
        <Button size="small" type="link" onClick={() => save('').catch((e) => showError(e))}>
          {t('user.avatarRemove')}
        </Button>
      )}
      <input
        id="avatar-file"
        type="file"
        accept="image/png,image/jpeg,image/gif,image/webp"
        hidden
        onChange={async (e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (!file) return;
          setBusy(true);
          try {
            const up = await uploadFile({
              filename: file.name,
              contentType: file.type,
              data: await fileBase64(file),
            });
            await save(up.url);
          } catch (err) {
            showError(err);
          } finally {
            setBusy(false);
          }
        }}
      />
    </Space>
  );
}
