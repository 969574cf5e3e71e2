import { Alert, List } from '@mantine/core';
import { ApiRequestError } from '../engine/data/api-client.ts';
import { useText } from '../engine/i18n/use-text.ts';

export interface DraftProblem {
  pointer: string;
  message: string;
  rule: string;
}

/** The problems a check or a refused publish names: each with its JSON pointer and the reason. */
export function ProblemList({ problems }: { problems: readonly DraftProblem[] }) {
  return (
    <List size="sm" spacing={4} data-problems>
      {problems.map((problem) => (
        <List.Item key={`${problem.pointer} ${problem.message}`}>
          <code>{problem.pointer || '/'}</code> {problem.message}
        </List.Item>
      ))}
    </List>
  );
}

/** A failed call, translated from the API's error code (with its values), and a refused draft's problems. */
export function ErrorNotice({ error }: { error: unknown }) {
  const { t } = useText();
  if (!error) return null;
  const apiError = error instanceof ApiRequestError ? error : null;
  const code = apiError?.code ?? 'errors.request.serverError';
  const problems = (apiError?.meta.problems as DraftProblem[] | undefined) ?? [];
  return (
    <Alert color="red" role="alert" mb="sm">
      {t(code, apiError?.meta ?? {})}
      {problems.length > 0 && <ProblemList problems={problems} />}
    </Alert>
  );
}
