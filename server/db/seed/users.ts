import type { UserType, LockState } from '../schema.ts';
import { LOCAL_IDP_PROVIDER_ID } from '../../sso/local-idp.ts';
import { addDays, at, DEMO, FLEET, type Writer } from './util.ts';

interface UserSeed {
  username: string;
  tenant: string;
  first: string;
  last: string;
  type: UserType;
  role: string;
  customers: string[];
  merchants?: string[];
  group?: string;
  lockState?: LockState;
  lockReason?: string;
}

export const USERS: readonly UserSeed[] = [
  {
    username: 'admin',
    tenant: DEMO,
    first: 'Alex',
    last: 'Morgan',
    type: 'customer',
    role: 'Admin',
    customers: ['C-1001', 'C-1002', 'C-1003', 'C-1004', 'C-1011', 'C-1012', 'C-1013'],
    group: 'Headquarters',
  },
  { username: 'payer', tenant: DEMO, first: 'Pat', last: 'Rivera', type: 'customer', role: 'Payer', customers: ['C-1001'] },
  { username: 'viewer', tenant: DEMO, first: 'Vera', last: 'Nguyen', type: 'customer', role: 'View Only', customers: ['C-1001'] },
  { username: 'cardviewer', tenant: DEMO, first: 'Casey', last: 'Brooks', type: 'customer', role: 'Card Viewer', customers: ['C-1001'] },
  { username: 'safety', tenant: DEMO, first: 'Sam', last: 'Holt', type: 'customer', role: 'Safety Manager', customers: ['C-1001'] },
  {
    username: 'corporate',
    tenant: DEMO,
    first: 'Corinne',
    last: 'Blake',
    type: 'corporate',
    role: 'Admin',
    customers: ['C-1001', 'C-1002', 'C-1005', 'C-1006', 'C-1007', 'C-1011', 'C-1012', 'C-1013'],
  },
  {
    username: 'dealer',
    tenant: DEMO,
    first: 'Derek',
    last: 'Mills',
    type: 'merchant',
    role: 'Admin',
    customers: [],
    merchants: ['M-2001', 'M-2002'],
  },
  {
    username: 'locked',
    tenant: DEMO,
    first: 'Lou',
    last: 'Granger',
    type: 'customer',
    role: 'Payer',
    customers: ['C-1001'],
    lockState: 'locked_by_support',
    lockReason: 'Suspicious activity reported',
  },
  {
    username: 'ssouser',
    tenant: DEMO,
    first: 'Sasha',
    last: 'Ivanova',
    type: 'customer',
    role: 'Payer',
    customers: ['C-1001'],
    group: 'SSO Partners',
  },
  { username: 'fleetadmin', tenant: FLEET, first: 'Fran', last: 'Keller', type: 'customer', role: 'Admin', customers: ['F-3001'] },
  // Issue 24: one fleet user per other customer role, so the studio previews and the browser scenario see a change per role.
  { username: 'fleetpayer', tenant: FLEET, first: 'Finn', last: 'Porter', type: 'customer', role: 'Payer', customers: ['F-3001'] },
  { username: 'fleetviewer', tenant: FLEET, first: 'Flora', last: 'Vance', type: 'customer', role: 'View Only', customers: ['F-3001'] },
  { username: 'fleetcards', tenant: FLEET, first: 'Felix', last: 'Carter', type: 'customer', role: 'Card Viewer', customers: ['F-3001'] },
  {
    username: 'fleetsafety',
    tenant: FLEET,
    first: 'Faye',
    last: 'Sutton',
    type: 'customer',
    role: 'Safety Manager',
    customers: ['F-3001'],
  },
  {
    username: 'fleetenrollment',
    tenant: FLEET,
    first: 'Ford',
    last: 'Ellis',
    type: 'customer',
    role: 'Enrollment Manager',
    customers: ['F-3001'],
  },
  // Issue 26: a payer on a phone (tests/e2e/phone.test.ts), alone on C-1008 so its payment and dispute touch no other test's data.
  { username: 'mobile', tenant: DEMO, first: 'Mo', last: 'Baptiste', type: 'customer', role: 'Payer', customers: ['C-1008'] },
  // Manages C-1001's loyalty program: edits its targets and tiers (issue 16).
  {
    username: 'enrollment',
    tenant: DEMO,
    first: 'Dana',
    last: 'Whitfield',
    type: 'customer',
    role: 'Enrollment Manager',
    customers: ['C-1001'],
  },
];

/** Returns user ids by username (usernames are unique across both seeded tenants). */
export async function seedUsers(db: Writer, today: string, passwordHash: string): Promise<Map<string, number>> {
  const groupId = new Map<string, number>();
  const addGroup = async (values: {
    name: string;
    parent?: string;
    sso?: boolean;
    includeChildren?: boolean;
    provider?: string;
    network?: string;
  }) => {
    const row = await db
      .insertInto('user_groups')
      .values({
        tenant_id: DEMO,
        name: values.name,
        parent_group_id: values.parent ? (groupId.get(values.parent) ?? null) : null,
        network_access: values.network ?? null,
        sso_enabled: values.sso ?? false,
        include_child_accounts: values.includeChildren ?? false,
        identity_provider_id: values.provider ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    groupId.set(values.name, row.id);
  };
  await addGroup({ name: 'Headquarters', includeChildren: true });
  await addGroup({ name: 'East Region', parent: 'Headquarters' });
  await addGroup({ name: 'West Region', parent: 'Headquarters' });
  // Signs in at the local identity provider this server ships (server/sso/local-idp.ts), the demo tenant's provider.
  await addGroup({ name: 'SSO Partners', sso: true, provider: LOCAL_IDP_PROVIDER_ID, network: 'internet' });
  const group = (name: string) => {
    const id = groupId.get(name);
    if (id === undefined) throw new Error(`Unknown seed group ${name}`);
    return id;
  };
  await db
    .insertInto('user_group_customers')
    .values([
      { user_group_id: group('Headquarters'), buid_customer: 'C-1001' },
      { user_group_id: group('Headquarters'), buid_customer: 'C-1004' },
      // Issue 26: Northwind's sub-accounts are the head office's to see too.
      { user_group_id: group('Headquarters'), buid_customer: 'C-1011' },
      { user_group_id: group('Headquarters'), buid_customer: 'C-1012' },
      { user_group_id: group('Headquarters'), buid_customer: 'C-1013' },
      { user_group_id: group('East Region'), buid_customer: 'C-1002' },
      { user_group_id: group('West Region'), buid_customer: 'C-1003' },
      { user_group_id: group('SSO Partners'), buid_customer: 'C-1001' },
    ])
    .execute();

  const createdAt = at(addDays(today, -400), 14);
  const inserted = await db
    .insertInto('users')
    .values(
      USERS.map((user) => ({
        tenant_id: user.tenant,
        username: user.username,
        password_hash: passwordHash,
        first_name: user.first,
        last_name: user.last,
        email_address: `${user.username}@${user.tenant}.example`,
        user_type: user.type,
        role: user.role,
        status: 'active' as const,
        lock_state: user.lockState ?? null,
        lock_reason: user.lockReason ?? null,
        failed_logins: 0,
        user_group_id: user.group ? group(user.group) : null,
        language: 'en',
        time_zone: 'America/Chicago',
        created_at: createdAt,
      })),
    )
    .returning(['user_id', 'username'])
    .execute();
  const userId = new Map(inserted.map((row) => [row.username, row.user_id]));
  const idOf = (username: string) => {
    const id = userId.get(username);
    if (id === undefined) throw new Error(`Unknown seed user ${username}`);
    return id;
  };

  await db
    .insertInto('user_customers')
    .values(USERS.flatMap((user) => user.customers.map((customer) => ({ user_id: idOf(user.username), buid_customer: customer }))))
    .execute();
  await db
    .insertInto('user_merchants')
    .values(USERS.flatMap((user) => (user.merchants ?? []).map((merchant) => ({ user_id: idOf(user.username), buid_merchant: merchant }))))
    .execute();
  await db
    .insertInto('password_history')
    .values(
      USERS.map((user) => ({
        user_id: idOf(user.username),
        password_hash: passwordHash,
        created_at: createdAt,
      })),
    )
    .execute();
  await db
    .insertInto('user_group_contacts')
    .values([
      {
        user_group_id: group('Headquarters'),
        contact_name: 'Alex Morgan',
        email_address: 'admin@demo.example',
        dispute_contact_type_id: 1,
        dispute_contact_type: 'Primary',
        user_id: idOf('admin'),
      },
      {
        user_group_id: group('Headquarters'),
        contact_name: 'Northwind Billing Desk',
        email_address: 'billing@northwind.example',
        dispute_contact_type_id: 2,
        dispute_contact_type: 'Billing',
        user_id: null,
      },
      {
        user_group_id: group('Headquarters'),
        contact_name: 'Jordan Lee',
        email_address: 'jordan.lee@northwind.example',
        dispute_contact_type_id: 1,
        dispute_contact_type: 'Primary',
        user_id: null,
      },
    ])
    .execute();
  return userId;
}
