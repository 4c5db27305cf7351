/** Title row of a page with optional actions on the right. */
import { Flex, Typography } from 'antd';
import type { ReactNode } from 'react';

export function PageHeader({ title, extra, sub }: { title: ReactNode; extra?: ReactNode; sub?: ReactNode }) {
  return (
    <Flex className="page-header" justify="space-between" align="center" wrap gap={8}>
      <div>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        {sub && <Typography.Text type="secondary">{sub}</Typography.Text>}
      </div>
      {extra && (
        <Flex gap={8} wrap>
          {extra}
        </Flex>
      )}
    </Flex>
  );
}
