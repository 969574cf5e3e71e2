import { Stack, Text } from '@mantine/core';

/**
 * One term and value of a description list (<dl>); `figure` names it for tests. Used directly
 * inside the <dl>: a list may hold only one level of <div> around its dt/dd pairs.
 */
export function Figure({ label, value, figure, strong = false }: { label: string; value: string; figure: string; strong?: boolean }) {
  return (
    <Stack gap={0}>
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} fw={strong ? 700 : undefined} data-figure={figure}>
        {value}
      </Text>
    </Stack>
  );
}
