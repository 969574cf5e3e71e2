import { Fragment } from 'react';
import { Stack } from '@mantine/core';
import type { CurrencyTotal } from '../../../domain/payments.ts';
import { useFormatter } from '../../../engine/format/use-formatter.ts';
import { useText } from '../../../engine/i18n/use-text.ts';
import { Figure } from './Figure.tsx';

/**
 * The amount per currency and, for a card, the flat non-refundable fee and the total, all shown
 * before the user confirms (spec §1). A card pays one currency, so the fee sits beside that one.
 */
export function AmountSummary({ totals, feeMinor }: { totals: readonly CurrencyTotal[]; feeMinor: number }) {
  const { t } = useText();
  const money = useFormatter();
  if (totals.length === 0) return null;
  const withFee = feeMinor > 0 && totals.length === 1;
  return (
    <Stack component="dl" gap="xs" m={0} data-amounts>
      {totals.map(({ currency, amountMinor }) => (
        <Fragment key={currency}>
          <Figure
            label={t('payments.amounts.amount', { currency })}
            figure={`amount-${currency}`}
            value={money('currency', amountMinor, currency)}
            strong={!withFee}
          />
          {withFee ? (
            <>
              <Figure label={t('payments.amounts.cardFee')} figure="card-fee" value={money('currency', feeMinor, currency)} />
              <Figure
                label={t('payments.amounts.total')}
                figure="total"
                value={money('currency', amountMinor + feeMinor, currency)}
                strong
              />
            </>
          ) : null}
        </Fragment>
      ))}
    </Stack>
  );
}
