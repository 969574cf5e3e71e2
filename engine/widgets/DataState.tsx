import type { ReactNode } from 'react';
import { Alert, Skeleton, Stack } from '@mantine/core';
import type { ApiRequestError } from '../data/api-client.ts';
import { useText } from '../i18n/use-text.ts';
import { noticesFor, type NoticeDefinition } from './notices.ts';

/** Loading skeleton, translated error, or the content: the three states every data widget has. */
export function DataState({
  loading,
  error,
  children,
  height = 80,
}: {
  loading: boolean;
  error: ApiRequestError | undefined;
  children: ReactNode;
  height?: number;
}) {
  const { t } = useText();
  if (error)
    return (
      <Alert color="red" role="alert">
        {t(error.code, error.meta)}
      </Alert>
    );
  if (loading) return <Skeleton height={height} aria-busy="true" />;
  return <>{children}</>;
}

const COLORS = { info: 'blue', warning: 'yellow', error: 'red' } as const;

/** The definition's notices that the response's meta asks for, translated with the meta's values. */
export function Notices({
  notices,
  meta,
}: {
  notices: readonly NoticeDefinition[] | undefined;
  meta: Record<string, unknown> | undefined;
}) {
  const { t } = useText();
  const shown = noticesFor(notices, meta);
  if (shown.length === 0) return null;
  return (
    <Stack gap="xs" data-notices="">
      {shown.map((notice) => (
        <Alert key={notice.text} color={COLORS[notice.tone ?? 'warning']} role="status" data-notice={notice.text}>
          {t(notice.text, meta)}
        </Alert>
      ))}
    </Stack>
  );
}
