import { Select } from '@mantine/core';
import { useText } from '../i18n/use-text.ts';
import { selectCustomer, selectMerchant, setSelectedCurrency, useSession } from '../session/store.ts';
import { confirmDialog } from './confirm.ts';
import { hasUnsavedChanges, setUnsavedChanges } from './unsaved-changes.ts';
import { useToast } from './toast.ts';

/** spec §2: changing customer or merchant guards unsaved page changes. */
async function mayLeave(t: ReturnType<typeof useText>['t']): Promise<boolean> {
  if (!hasUnsavedChanges()) return true;
  const leave = await confirmDialog(t, 'common.unsaved.title', 'common.unsaved.message', 'common.unsaved.discard');
  if (leave) setUnsavedChanges(false);
  return leave;
}

export function CustomerSwitcher() {
  const { t } = useText();
  const toast = useToast();
  const customers = useSession((session) => session.self?.customers ?? []);
  const selected = useSession((session) => session.selectedCustomer?.buidCustomer ?? null);
  const userType = useSession((session) => session.userType);
  if ((userType !== 'customer' && userType !== 'corporate') || customers.length === 0) return null;
  return (
    <Select
      aria-label={t('common.switcher.customer')} placeholder={t('common.switcher.chooseCustomer')}
      data-testid="customer-switcher" size="xs" w={240} searchable allowDeselect={false}
      value={selected} data={customers.map((customer) => ({ value: customer.id, label: `${customer.label} (${customer.id})` }))}
      onChange={async (value) => {
        if (!value || value === selected || !(await mayLeave(t))) return;
        if (!(await selectCustomer(value))) toast('error', 'errors.session.unableToSetActiveCustomer');
      }}
    />
  );
}

export function MerchantSwitcher() {
  const { t } = useText();
  const toast = useToast();
  const merchants = useSession((session) => session.self?.merchants ?? []);
  const selected = useSession((session) => session.selectedMerchant?.buidMerchant ?? null);
  const rollUp = useSession((session) => session.merchantRollUp);
  if (merchants.length === 0) return null;
  const allMerchants = '__all__';
  const options = merchants.map((merchant) => ({ value: merchant.id, label: merchant.label }));
  return (
    <Select
      aria-label={t('common.switcher.merchant')} placeholder={t('common.switcher.chooseMerchant')}
      data-testid="merchant-switcher" size="xs" w={220} allowDeselect={false}
      value={selected ?? (rollUp ? allMerchants : null)}
      data={rollUp ? [{ value: allMerchants, label: t('common.switcher.allMerchants') }, ...options] : options}
      onChange={async (value) => {
        if (!value || value === selected || !(await mayLeave(t))) return;
        if (!(await selectMerchant(value === allMerchants ? null : value))) toast('error', 'errors.session.unableToSetActiveMerchant');
      }}
    />
  );
}

/**
 * spec §9: currency selection when currency_version is configured (default USD, else the first).
 * The header shows it compact; a screen may show it as a labelled field (`field`).
 */
export function CurrencySwitcher({ field = false, description }: { field?: boolean; description?: string }) {
  const { t } = useText();
  const currencies = useSession((session) => session.customerCurrencies);
  const selected = useSession((session) => session.selectedCurrency);
  if (currencies.length < 2) return null;
  const label = t('common.switcher.currency');
  return (
    <Select {...(field ? { label, description, w: 260 } : { 'aria-label': label, size: 'xs', w: 110 })}
      data-testid={field ? 'currency-field' : 'currency-switcher'} allowDeselect={false}
      value={selected} data={currencies.map((currency) => ({ value: currency.id, label: field ? `${currency.id} – ${currency.label}` : currency.id }))}
      onChange={(value) => { if (value) setSelectedCurrency(value); }} />
  );
}
