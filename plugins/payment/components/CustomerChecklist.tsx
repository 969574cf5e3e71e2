import { Text } from '@mantine/core';
import { ErrorCode } from '../../../domain/error-codes.ts';
import { useFormatter } from '../../../engine/format/use-formatter.ts';
import { useText } from '../../../engine/i18n/use-text.ts';
import type { PayingCustomerOption } from '../contract.ts';
import { ChecklistTable } from './ChecklistTable.tsx';

/** Program mode: the user's customers with what each owes; a customer that may not pay says why (paymentWebText). */
export function CustomerChecklist({
  customers,
  chosen,
  onChange,
}: {
  customers: readonly PayingCustomerOption[];
  chosen: readonly string[];
  onChange(ids: string[]): void;
}) {
  const { t } = useText();
  const format = useFormatter();
  return (
    <ChecklistTable
      name="customers"
      caption={t('payments.select.customersCaption')}
      rows={customers}
      rowId={(customer) => customer.buid_customer}
      rowLabel={(customer) => t('payments.select.customer', { customer: customer.customer_name })}
      chosen={chosen}
      onChange={onChange}
      columns={[
        { label: t('payments.select.customerName'), cell: (customer) => `${customer.customer_name} (${customer.buid_customer})` },
        { label: t('payments.select.payableCount'), align: 'right', cell: (customer) => format('number', customer.payable_count) },
        {
          label: t('payments.select.payableAmount'),
          align: 'right',
          cell: (customer) => format('currency', customer.payable_minor, customer.currency),
        },
        {
          label: t('payments.select.note'),
          cell: (customer) =>
            customer.payment_eligible ? (
              ''
            ) : (
              <Text size="sm" c="red.8">
                {[t(ErrorCode.customerNotPaymentEligible), customer.payment_web_text].filter(Boolean).join(': ')}
              </Text>
            ),
        },
      ]}
    />
  );
}
