import { useMemo, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Badge, Button, Group, Select, Table, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useLocation } from 'react-router';
import type { ResourceObject } from '../data/api-client.ts';
import { customerLocationsQuery } from '../data/customer-locations.ts';
import { resourceQuery } from '../data/queries.ts';
import { useText } from '../i18n/use-text.ts';
import type { WidgetProps } from '../registry/widget-contract.ts';
import { landingPathFor } from '../routing/landing.ts';
import { usePortalNavigate } from '../routing/navigation.ts';
import { selectCustomer, sessionStore, useSession } from '../session/store.ts';
import { CurrencySwitcher } from '../shell/AccountSwitchers.tsx';
import { statusKey } from '../format/formatters.ts';

interface CustomerRow {
  buidCustomer: string;
  customerName: string;
  currency: string;
  status: string;
}

/**
 * Customer selection: the user's customers (one page of up to 10,000), search, an optional
 * location, and POST /session_data; afterwards back to where the guard sent the user from.
 * The selected customer's currency is chosen here too (spec §9, when currency_version is
 * configured and the customer has several), with the header's switcher.
 */
export default function CustomerPickerWidget(_props: WidgetProps) {
  const { t } = useText();
  const navigate = usePortalNavigate();
  const location = useLocation();
  const selected = useSession((session) => session.selectedCustomer?.buidCustomer ?? null);
  const selectedName = useSession((session) => session.selectedCustomer?.customerName ?? null);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  // The list found so far stays while a new search loads.
  const customersQuery = useQuery({
    ...resourceQuery<Array<ResourceObject<CustomerRow>>>('/customers', {
      'page[size]': 10000,
      'filter[sort]': 'customer_name|asc',
      'filter[search]': debounced || undefined,
    }),
    placeholderData: keepPreviousData,
  });
  const failed = customersQuery.isError;
  const [chosenLocation, setChosenLocation] = useState<Record<string, string | null>>({});
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const choose = async (customerId: string) => {
    setBusy(customerId);
    setError(null);
    const ok = await selectCustomer(customerId, chosenLocation[customerId] ?? null);
    setBusy(null);
    if (!ok) {
      setError('errors.session.unableToSetActiveCustomer');
      return;
    }
    const from = (location.state as { from?: string } | null)?.from;
    navigate(from && !from.endsWith('/account/customers') ? from : landingPathFor(sessionStore.get()), { replace: true });
  };

  const rows = useMemo(() => customersQuery.data?.data.map((item) => item.attributes) ?? [], [customersQuery.data]);
  return (
    <div>
      <Group align="flex-start" gap="lg" mb="sm" wrap="wrap">
        <TextInput
          label={t('common.customers.search')}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          w={360}
          maw="100%"
        />
        {selected && <CurrencySwitcher field description={`${selectedName ?? ''} (${selected})`} />}
      </Group>
      {error && (
        <Alert color="red" role="alert" mb="sm">
          {t(error)}
        </Alert>
      )}
      {failed && (
        <Alert color="red" role="alert" mb="sm">
          {t('errors.connection.unableToContactServer')}
        </Alert>
      )}
      <Table striped highlightOnHover data-testid="customer-picker">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('common.customers.name')}</Table.Th>
            <Table.Th>{t('common.customers.id')}</Table.Th>
            <Table.Th>{t('common.customers.currency')}</Table.Th>
            <Table.Th>{t('common.customers.status')}</Table.Th>
            <Table.Th>{t('common.customers.location')}</Table.Th>
            <Table.Th>
              <span className="visually-hidden">{t('common.customers.select')}</span>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((customer) => (
            <Table.Tr key={customer.buidCustomer} data-customer={customer.buidCustomer}>
              <Table.Td>{customer.customerName}</Table.Td>
              <Table.Td>{customer.buidCustomer}</Table.Td>
              <Table.Td>{customer.currency}</Table.Td>
              <Table.Td>
                <Badge variant="light" color={customer.status === 'active' ? 'green' : 'gray'}>
                  {t(statusKey(customer.status))}
                </Badge>
              </Table.Td>
              <Table.Td>
                <LocationChoice
                  customerId={customer.buidCustomer}
                  label={t('common.customers.locationFor', { name: customer.customerName })}
                  placeholder={t('common.customers.allLocations')}
                  value={chosenLocation[customer.buidCustomer] ?? null}
                  onChange={(value) => setChosenLocation((previous) => ({ ...previous, [customer.buidCustomer]: value }))}
                />
              </Table.Td>
              <Table.Td>
                <Group justify="flex-end">
                  <Button
                    size="xs"
                    loading={busy === customer.buidCustomer}
                    variant={selected === customer.buidCustomer ? 'light' : 'filled'}
                    aria-label={t('common.customers.selectNamed', { name: customer.customerName })}
                    onClick={() => void choose(customer.buidCustomer)}
                  >
                    {selected === customer.buidCustomer ? t('common.customers.selected') : t('common.customers.select')}
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}

/**
 * A customer's location choice. Its locations are read when the list is first opened (not for
 * every customer listed), through the query the header's location switcher reads too.
 */
function LocationChoice({
  customerId,
  label,
  placeholder,
  value,
  onChange,
}: {
  customerId: string;
  label: string;
  placeholder: string;
  value: string | null;
  onChange: (value: string | null) => void;
}) {
  const [opened, setOpened] = useState(false);
  const locations = useQuery({ ...customerLocationsQuery(customerId), enabled: opened }).data ?? [];
  return (
    <Select
      size="xs"
      clearable
      aria-label={label}
      placeholder={placeholder}
      onDropdownOpen={() => setOpened(true)}
      data={locations.map((row) => ({ value: row.buidLocation, label: `${row.name} – ${row.display_location}` }))}
      value={value}
      onChange={onChange}
    />
  );
}
