import type { ReactNode } from 'react';
import { Alert, Skeleton } from '@mantine/core';
import type { ApiRequestError } from '../data/api-client.ts';
import { useText } from '../i18n/use-text.ts';

/** Loading skeleton, translated error, or the content: the three states every data widget has. */
export function DataState({ loading, error, children, height = 80 }: { loading: boolean; error: ApiRequestError | undefined; children: ReactNode; height?: number }) {
  const { t } = useText();
  if (error) return <Alert color="red" role="alert">{t(error.code, error.meta)}</Alert>;
  if (loading) return <Skeleton height={height} aria-busy="true" />;
  return <>{children}</>;
}
