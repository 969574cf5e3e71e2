import { Alert, List } from '@mantine/core';
import { problemSentence } from '../common/definition-problems.ts';
import { ApiRequestError } from '../engine/data/api-client.ts';
import { useText } from '../engine/i18n/use-text.ts';

export interface DraftProblem {
  pointer: string;
  /** The reason in the language the request asked for: what a problem without a code shows. */
  message: string;
  rule: string;
  /** The reason's text key and values (texts, menus, definitions): worded here, in the studio's language. */
  code?: string;
  params?: Record<string, string>;
}

/** The problems a check or a refused publish names: each with its JSON pointer and the reason. */
export function ProblemList({ problems }: { problems: readonly DraftProblem[] }) {
  const { t } = useText();
  return (
    <List size="sm" spacing={4} data-problems>
      {problems.map((problem) => (
        <List.Item key={`${problem.pointer} ${problem.message}`} data-problem-code={problem.code}>
          <code>{problem.pointer || '/'}</code>{' '}
          {problem.code ? problemSentence(t, { code: problem.code, params: problem.params ?? {} }) : problem.message}
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
