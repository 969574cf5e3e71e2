import { Text } from '@mantine/core';
import { useText } from '../../../engine/i18n/use-text.ts';
import classes from '../../studio.module.css';

/**
 * A unified line diff, readable: removed lines red with "-", added green with "+", the few
 * unchanged lines around them plain, and each run of unchanged lines left out between two changes
 * named as such. The signs stay in the text, so colour is not the only cue.
 */
export function SnapshotDiff({ diff }: { diff: string }) {
  const { t } = useText();
  if (diff === '') return <Text size="sm">{t('studioUi.snapshots.same')}</Text>;
  const lines = diff.trimEnd().split('\n');
  return (
    <pre className={classes.snapshotDiff} data-snapshot-diff>
      {lines.map((line, index) => {
        const key = `${index}:${line}`;
        // A hunk's header: unchanged lines were left out before it, unless it starts the text.
        if (line.startsWith('@@'))
          return index === 0 && /^@@ -[01],/.test(line) ? null : (
            <span key={key} className={classes.diffGap}>
              {t('studioUi.snapshots.unchangedLeftOut')}
              {'\n'}
            </span>
          );
        const kind = line[0] === '+' ? classes.diffAdded : line[0] === '-' ? classes.diffRemoved : undefined;
        return (
          <span key={key} className={kind} data-line={line[0] === '+' ? 'added' : line[0] === '-' ? 'removed' : 'context'}>
            {line}
            {'\n'}
          </span>
        );
      })}
    </pre>
  );
}
