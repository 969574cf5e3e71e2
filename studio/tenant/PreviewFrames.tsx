import { SimpleGrid, Stack, Title } from '@mantine/core';
import { useElementSize, useMediaQuery } from '@mantine/hooks';
import type { CSSProperties } from 'react';
import { addressOnSide, type PreviewSide } from '../../common/preview-side.ts';
import { useText } from '../../engine/i18n/use-text.ts';
import classes from '../studio.module.css';

/** Which frames the panel shows: the published portal beside the draft, or the draft alone. */
export type PreviewLayout = 'both' | 'draft';

/** The sides of a layout, left to right (stacked top to bottom on a phone): published first. */
const SIDES: Record<PreviewLayout, readonly PreviewSide[]> = { both: ['published', 'draft'], draft: ['draft'] };

/** Mantine's `sm`, where the grid puts the frames side by side (and below which the portal is a phone's). */
const SIDE_BY_SIDE_QUERY = '(min-width: 48em)';
/**
 * The width a frame beside another lays the portal out at, scaled down to its column: a column of
 * a laptop's studio is narrower than the portal's desktop layout, and the operator previews the
 * desktop beside the desktop. Stacked on a phone, each frame shows the phone's layout as it is.
 */
const DESKTOP_WIDTH = 800;

/**
 * The previewed portal (issue 24) in one frame per side, all on one preview session: each frame's
 * first address names its side (common/preview-side.ts), which the portal then sends with every
 * call, so the same screen, user and language show as published and with the draft at once.
 * `opened` changes with every start: the frames are new, since the session behind them is.
 */
export function PreviewFrames({
  pathPrefix,
  path,
  user,
  layout,
  opened,
}: {
  pathPrefix: string;
  path: string;
  user: string;
  layout: PreviewLayout;
  opened: number;
}) {
  const { t } = useText();
  const sides = SIDES[layout];
  const sideBySide = useMediaQuery(SIDE_BY_SIDE_QUERY) === true && sides.length > 1;
  return (
    <SimpleGrid cols={{ base: 1, sm: sides.length }} spacing="md">
      {sides.map((side) => {
        const sideName = t(`studioUi.preview.sides.${side}`);
        return (
          <Stack key={side} gap="xs" data-preview-side={side}>
            <Title order={2} size="h5">
              {sideName}
            </Title>
            <ScaledFrame
              key={`${opened}:${side}`}
              fitDesktop={sideBySide}
              title={t('studioUi.preview.frameTitle', { user, side: sideName, path })}
              src={`${pathPrefix}${addressOnSide(path, side)}`}
            />
          </Stack>
        );
      })}
    </SimpleGrid>
  );
}

/** One frame; with `fitDesktop`, laid out at DESKTOP_WIDTH and scaled down to its column. */
function ScaledFrame({ fitDesktop, title, src }: { fitDesktop: boolean; title: string; src: string }) {
  const { ref, width } = useElementSize();
  const scale = fitDesktop && width > 0 && width < DESKTOP_WIDTH ? width / DESKTOP_WIDTH : 1;
  return (
    <div ref={ref} className={classes.previewViewport} style={{ '--preview-scale': scale } as CSSProperties}>
      <iframe className={classes.previewFrame} title={title} src={src} />
    </div>
  );
}
