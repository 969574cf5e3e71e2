import { Alert, Radio, Stack } from '@mantine/core';
import { useText } from '../../../engine/i18n/use-text.ts';
import type { BankAccountOption } from '../contract.ts';

/** "JPMorgan Chase Bank ••••6789": account numbers stay masked everywhere (issue 5). */
export function accountLabel(account: Pick<BankAccountOption, 'bank_name' | 'account_number_masked'>): string {
  return `${account.bank_name} ${account.account_number_masked}`;
}

/** The paying customer's online-payment accounts; a bank payment debits exactly one. */
export function BankAccountChoice({
  accounts,
  value,
  onChange,
}: {
  accounts: readonly BankAccountOption[];
  value: string | undefined;
  onChange(id: string): void;
}) {
  const { t } = useText();
  if (accounts.length === 0)
    return (
      <Alert color="yellow" role="alert" data-problem="payments.bank.none">
        {t('payments.bank.none')}
      </Alert>
    );
  return (
    <Radio.Group label={t('payments.bank.label')} value={value ?? null} onChange={onChange}>
      <Stack mt="xs" gap="xs">
        {accounts.map((account) => (
          <Radio key={account.id} value={account.id} label={accountLabel(account)} description={account.account_name ?? undefined} />
        ))}
      </Stack>
    </Radio.Group>
  );
}
