import { Select } from '@mantine/core';
import { useText } from '../../engine/i18n/use-text.ts';
import { type TenantUser, userLabel } from './tenant-users.ts';

/** Picks one of the tenant's portal users, each named with their user type and role as the diff names them. */
export function UserPicker({
  users,
  value,
  onChange,
}: {
  users: readonly TenantUser[];
  value: string | null;
  onChange(username: string | null): void;
}) {
  const { t } = useText();
  const data = users.map((user) => ({ value: user.username, label: userLabel(t, user) }));
  return (
    <Select
      label={t('studioUi.users.label')}
      placeholder={t('studioUi.users.placeholder')}
      data={data}
      value={value}
      onChange={onChange}
      searchable
      w={360}
      maw="100%"
      data-user-picker
    />
  );
}
