import { Alert, List } from '@mantine/core';
import type { PaymentProblem } from '../../../domain/payments.ts';
import { useText } from '../../../engine/i18n/use-text.ts';

/** "This invoice cannot be paid: INV-100009"; "This account cannot make payments online: <paymentWebText>". */
function problemText(
  problem: PaymentProblem,
  t: (key: string, values?: Record<string, unknown>) => string,
  invoiceIds: ReadonlyMap<string, string>,
): string {
  const text = t(problem.code, problem.meta);
  const { trxId, reason } = problem.meta ?? {};
  if (typeof reason === 'string' && reason) return `${text}: ${reason}`;
  if (typeof trxId === 'string') return `${text}: ${invoiceIds.get(trxId) ?? trxId}`;
  return text;
}

/**
 * The payment rules the choice breaks, translated, announced as they appear (role=alert).
 * `invoiceIds` names invoices by the number users know rather than the transaction id.
 */
export function ProblemList({
  problems,
  invoiceIds = new Map(),
}: {
  problems: readonly PaymentProblem[];
  invoiceIds?: ReadonlyMap<string, string>;
}) {
  const { t } = useText();
  if (problems.length === 0) return null;
  const texts = [...new Set(problems.map((problem) => problemText(problem, t, invoiceIds)))];
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
