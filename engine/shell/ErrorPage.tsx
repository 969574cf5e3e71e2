import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { isChunkFailure } from '../runtime/chunk-timeout.ts';
import { log } from '../logging/logger.ts';
import { usePortalPath } from '../routing/navigation.ts';
import { useText } from '../i18n/use-text.ts';

/**
 * spec §8: a render error shows "Oops, something went wrong". A part of the portal that did not
 * load (spec §9: the 120-second chunk timeout, or a failed download) is said as such, with a retry.
 */
export function ErrorPage() {
  const { t } = useText();
  const error = useRouteError();
  const portalPath = usePortalPath();
  useEffect(() => {
    log('error', `render: ${error instanceof Error ? error.message : String(error)}`);
  }, [error]);
  if (isChunkFailure(error)) {
    return (
      <Center mih="60vh" component="main">
        <Stack align="center" gap="sm" data-chunk-timeout="">
          <Title order={1}>{t('common.chunkTimeout.title')}</Title>
          <Text c="dimmed">{t('common.chunkTimeout.text')}</Text>
          <Button onClick={() => window.location.reload()}>{t('common.chunkTimeout.retry')}</Button>
        </Stack>
      </Center>
    );
  }
  return (
    <Center mih="60vh" component="main">
      <Stack align="center" gap="sm">
        <Title order={1}>{t('common.error.title')}</Title>
        <Text c="dimmed">{t('common.error.text')}</Text>
        <Button component="a" href={portalPath('/')}>
          {t('common.error.home')}
        </Button>
      </Stack>
    </Center>
  );
}
