import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from '../routing/Link.tsx';
import { useText } from '../i18n/use-text.ts';
import type { WidgetProps } from '../registry/widget-contract.ts';
import { usePortalPath } from '../routing/navigation.ts';

/** spec §8: "Sorry, nothing here" with a way back. */
export default function NotFoundWidget(_props: WidgetProps) {
  const { t } = useText();
  const portalPath = usePortalPath();
  return (
    <Stack align="center" gap="sm" py="xl">
      <Title order={1}>{t('common.notFound.title')}</Title>
      <Text c="dimmed">{t('common.notFound.text')}</Text>
      <Button component={Link} to={portalPath('/')}>
        {t('common.notFound.back')}
      </Button>
    </Stack>
  );
}
