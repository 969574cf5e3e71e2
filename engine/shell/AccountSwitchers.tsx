import { Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { headerLocationsQuery } from '../data/customer-locations.ts';
import { useText } from '../i18n/use-text.ts';
import { selectCustomer, selectLocation, selectMerchant, setSelectedCurrency, useSession } from '../session/store.ts';
import { confirmDialog } from './confirm.ts';
import { useFittedWidth } from './fitted-width.ts';
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
      aria-label={t('common.switcher.customer')}
      placeholder={t('common.switcher.chooseCustomer')}
      data-testid="customer-switcher"
      size="xs"
      w={240}
      searchable
      allowDeselect={false}
      value={selected}
      data={customers.map((customer) => ({ value: customer.id, label: `${customer.label} (${customer.id})` }))}
      onChange={async (value) => {
        if (!value || value === selected || !(await mayLeave(t))) return;
        if (!(await selectCustomer(value))) toast('error', 'errors.session.unableToSetActiveCustomer');
      }}
    />
  );
}

/**
 * The selected customer's location (issue 13 item 7): shown in the header, and the invoice lists,
 * the payable invoices and the overview's invoice figures are filtered by it
 * (`filter[buid_location]={customer.buidLocation}` in their definitions). "All locations" clears
 * it. Offered only when the customer has locations.
 */
export function LocationSwitcher() {
  const { t } = useText();
  const toast = useToast();
  const customerId = useSession((session) => session.selectedCustomer?.buidCustomer ?? null);
  const selected = useSession((session) => session.selectedCustomer?.buidLocation ?? null);
  const userType = useSession((session) => session.userType);
  const query = headerLocationsQuery(userType, customerId);
  const locations = useQuery(query).data ?? [];
  const allLocations = '__all__';
  const labels = [t('common.customers.allLocations'), ...locations.map((row) => row.name)];
  // As wide as its longest name, so the chosen one shows whole in every language (issue 26).
  const { width, ref } = useFittedWidth(labels, 140, 280);
  if (!query.enabled || locations.length === 0) return null;
  const place = new Map(locations.map((row) => [row.buidLocation, row.display_location]));
  return (
    <Select
      ref={ref}
      aria-label={t('common.customers.location')}
      data-testid="location-switcher"
      size="xs"
      w={width}
      allowDeselect={false}
      value={selected ?? allLocations}
      data={[
        { value: allLocations, label: t('common.customers.allLocations') },
        ...locations.map((row) => ({ value: row.buidLocation, label: row.name })),
      ]}
      // The header shows the site's name; the list names where it is too.
      renderOption={({ option }) => (place.get(option.value) ? `${option.label} – ${place.get(option.value)}` : option.label)}
      comboboxProps={{ width: 280 }}
      onChange={async (value) => {
        const location = value === allLocations ? null : value;
        if (!value || location === selected || !(await mayLeave(t))) return;
        if (!(await selectLocation(location))) toast('error', 'errors.session.unableToSetActiveCustomerAndLocation');
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
      aria-label={t('common.switcher.merchant')}
      placeholder={t('common.switcher.chooseMerchant')}
      data-testid="merchant-switcher"
      size="xs"
      w={220}
      allowDeselect={false}
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
  // A merchant user chooses among the merchant's currencies, a customer user the customer's.
  const currencies = useSession((session) => (session.userType === 'merchant' ? session.merchantCurrencies : session.customerCurrencies));
  const selected = useSession((session) => session.selectedCurrency);
  if (currencies.length < 2) return null;
  const label = t('common.switcher.currency');
  return (
    <Select
      {...(field ? { label, description, w: 260 } : { 'aria-label': label, size: 'xs', w: 110 })}
      data-testid={field ? 'currency-field' : 'currency-switcher'}
      allowDeselect={false}
      value={selected}
      data={currencies.map((currency) => ({ value: currency.id, label: field ? `${currency.id} – ${currency.label}` : currency.id }))}
      onChange={(value) => {
        if (value) setSelectedCurrency(value);
      }}
    />
  );
}
