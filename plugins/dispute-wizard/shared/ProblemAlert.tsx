import { Alert, List } from '@mantine/core';
import { useText } from '../../../engine/i18n/use-text.ts';

export interface ShownProblem {
  code: string;
  values?: Record<string, unknown>;
}

/** Translated problems, announced as they appear; a `field` value is itself an i18n key. */
export function ProblemAlert({ problems }: { problems: readonly ShownProblem[] }) {
  const { t } = useText();
  if (problems.length === 0) return null;
  const texts = [
    ...new Set(
      problems.map((problem) => {
        const values = problem.values ?? {};
        return t(problem.code, { ...values, ...(typeof values.field === 'string' ? { field: t(values.field) } : {}) });
      }),
    ),
  ];
  return (
    <Alert color="red" role="alert" data-problems={problems.map((problem) => problem.code).join(' ')}>
      {texts.length === 1 ? (
        texts[0]
      ) : (
        <List size="sm">
          {texts.map((text) => (
            <List.Item key={text}>{text}</List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}
