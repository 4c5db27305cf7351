/** Follow / Unfollow of the doc shown (signed-in readers): followers are told when the doc changes. */
import { StarFilled, StarOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFollowDocMutation, useFollowingDocQuery } from '../user-center/api';

/** The button; its state is the server's answer, read again after each change. */
export function FollowButton({ docId }: { docId: string }) {
  const { t } = useTranslation();
  const following = !!useFollowingDocQuery(docId).data;
  const follow = useFollowDocMutation(docId);
  return (
    <Button
      size="small"
      icon={following ? <StarFilled style={{ color: '#faad14' }} /> : <StarOutlined />}
      loading={follow.isPending}
      data-testid="follow-button"
      onClick={() => follow.mutate(!following)}
    >
      {following ? t('view.doc.unfollow') : t('view.doc.follow')}
    </Button>
  );
}
