import { Group, Radio } from '@mantine/core';
import type { PaymentMethodKind } from '../../../domain/payments.ts';
import { useText } from '../../../engine/i18n/use-text.ts';

export const METHOD_LABEL: Record<PaymentMethodKind, string> = {
  bank: 'payments.method.bank',
  card: 'payments.method.card',
  mail: 'payments.method.mail',
};

/** The methods the tenant offers (spec §5: each must be enabled), as one labelled radio group. */
export function MethodChoice({
  methods,
  value,
  onChange,
}: {
  methods: readonly PaymentMethodKind[];
  value: PaymentMethodKind | undefined;
  onChange(method: PaymentMethodKind): void;
}) {
  const { t } = useText();
  return (
    <Radio.Group
      label={t('payments.method.label')}
      value={value ?? null}
      onChange={(next) => onChange(next as PaymentMethodKind)}
      data-method-choice
    >
      <Group mt="xs" gap="lg">
        {methods.map((method) => (
          <Radio key={method} value={method} label={t(METHOD_LABEL[method])} />
        ))}
      </Group>
    </Radio.Group>
  );
}
