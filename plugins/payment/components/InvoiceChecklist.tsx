import { useFormatter } from '../../../engine/format/use-formatter.ts';
import { useText } from '../../../engine/i18n/use-text.ts';
import type { InvoiceRecord } from '../contract.ts';
import { toLine } from '../hooks/use-payment-data.ts';
import { ChecklistTable } from './ChecklistTable.tsx';

/** The invoices of an individual-account payment, each with its open balance. */
export function InvoiceChecklist({
  invoices,
  chosen,
  onChange,
}: {
  invoices: readonly InvoiceRecord[];
  chosen: readonly string[];
  onChange(ids: string[]): void;
}) {
  const { t } = useText();
  const format = useFormatter();
  return (
    <ChecklistTable
      name="invoices"
      caption={t('payments.select.invoicesCaption')}
      rows={invoices}
      rowId={(invoice) => invoice.trxId}
      rowLabel={(invoice) => t('payments.select.invoice', { invoice: invoice.invoiceId })}
      chosen={chosen}
      onChange={onChange}
      columns={[
        { label: t('invoices.fields.invoiceId'), cell: (invoice) => invoice.invoiceId },
        { label: t('invoices.fields.status'), cell: (invoice) => format('status', invoice.status) },
        { label: t('invoices.fields.dueDate'), cell: (invoice) => format('date', invoice.dueDate) },
        {
          label: t('payments.select.openAmount'),
          align: 'right',
          cell: (invoice) => format('currency', toLine(invoice).amountMinor, invoice.currency),
        },
      ]}
    />
  );
}
