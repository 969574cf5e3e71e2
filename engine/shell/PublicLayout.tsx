import type { ReactNode } from 'react';
import { Center, Container, Group, Image, Paper, Stack } from '@mantine/core';
import { useSession } from '../session/store.ts';
import { LanguageMenu } from './LanguageMenu.tsx';

/** Sign-in, recovery, landing and not-found pages: the tenant's logo, a card, the language menu. */
export function PublicLayout({ children }: { children: ReactNode }) {
  const config = useSession((session) => session.config);
  return (
    <Container size="xs" py="xl">
      <Stack gap="lg">
        <Group justify="space-between" component="header">
          {config && <Image src={config.theme.logo} alt={config.title} h={32} w="auto" fit="contain" />}
          <LanguageMenu />
        </Group>
        <Center component="main">
          <Paper withBorder shadow="sm" p="xl" radius="md" w="100%">
            {children}
          </Paper>
        </Center>
      </Stack>
    </Container>
  );
}
