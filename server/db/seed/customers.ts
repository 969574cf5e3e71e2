import type { CustomerStatus } from '../schema.ts';
import { DEMO, FLEET, type Writer } from './util.ts';

/** The demo's document types: the portal translates each by its name (common.documentTypes.*, tests/i18n). */
export const DOCUMENT_TYPES = [
  { doc_type_id: 1, document_type: 'Invoice copy', max_attachments: 1 },
  { doc_type_id: 2, document_type: 'Proof of delivery', max_attachments: 3 },
  { doc_type_id: 3, document_type: 'Receipt', max_attachments: 2 },
  { doc_type_id: 4, document_type: 'Other', max_attachments: 5 },
] as const;

/** The demo's dispute reasons, translated by name too (common.disputeReasons.*). */
export const DISPUTE_REASONS = [
  { dispute_reason_id: 1, dispute_reason: 'Incorrect amount', documentation_required: false },
  { dispute_reason_id: 2, dispute_reason: 'Goods not received', documentation_required: false },
  { dispute_reason_id: 3, dispute_reason: 'Duplicate charge', documentation_required: true },
  { dispute_reason_id: 4, dispute_reason: 'Unauthorised transaction', documentation_required: true },
  { dispute_reason_id: 5, dispute_reason: 'Quality issue', documentation_required: false },
  { dispute_reason_id: 6, dispute_reason: 'Other', documentation_required: false },
] as const;

/** Reference data: currencies, document types and dispute reasons. */
export async function seedReferenceData(db: Writer): Promise<void> {
  await db
    .insertInto('currencies')
    .values([
      { code: 'USD', label: 'US Dollar', minor_units: 2 },
      { code: 'CAD', label: 'Canadian Dollar', minor_units: 2 },
      { code: 'EUR', label: 'Euro', minor_units: 2 },
    ])
    .execute();
  await db
    .insertInto('document_types')
    .values(DOCUMENT_TYPES.map((type) => ({ ...type })))
    .execute();
  await db
    .insertInto('dispute_reasons')
    .values(DISPUTE_REASONS.map((reason) => ({ ...reason })))
    .execute();
}

interface CustomerSeed {
  id: string;
  tenant: string;
  name: string;
  currency: string;
  status: CustomerStatus;
  limit: number;
  authorised: number;
  currencies: string[];
  countries: string[];
  paymentEligible?: boolean;
  paymentWebText?: string;
  /** Issue 26: the parent account of a sub-account. */
  parent?: string;
}

const COUNTRY_NAMES: Record<string, string> = { US: 'United States', CA: 'Canada' };

/** Credit limits are minor units: 50,000,000 = 500,000.00. */
export const CUSTOMERS: readonly CustomerSeed[] = [
  {
    id: 'C-1001',
    tenant: DEMO,
    name: 'Northwind Logistics',
    currency: 'USD',
    status: 'active',
    limit: 50_000_000,
    authorised: 1_250_000,
    currencies: ['USD', 'CAD'],
    countries: ['US', 'CA'],
  },
  {
    id: 'C-1002',
    tenant: DEMO,
    name: 'Maple Freight Ltd',
    currency: 'CAD',
    status: 'active',
    limit: 10_000_000,
    authorised: 0,
    currencies: ['CAD'],
    countries: ['CA'],
  },
  {
    id: 'C-1003',
    tenant: DEMO,
    name: 'Rhein Spedition GmbH',
    currency: 'EUR',
    status: 'active',
    limit: 8_000_000,
    authorised: 0,
    currencies: ['EUR'],
    countries: ['US'],
  },
  {
    id: 'C-1004',
    tenant: DEMO,
    name: 'Bigfoot Haulage',
    currency: 'USD',
    status: 'active',
    limit: 500_000_000,
    authorised: 2_500_000,
    currencies: ['USD'],
    countries: ['US'],
  },
  {
    id: 'C-1005',
    tenant: DEMO,
    name: 'Old Dominion Carriers',
    currency: 'USD',
    status: 'inactive',
    limit: 2_000_000,
    authorised: 0,
    currencies: ['USD'],
    countries: ['US'],
  },
  {
    id: 'C-1006',
    tenant: DEMO,
    name: 'Prairie Transport',
    currency: 'USD',
    status: 'terminated',
    limit: 1_000_000,
    authorised: 0,
    currencies: ['USD'],
    countries: ['US'],
  },
  {
    id: 'C-1007',
    tenant: DEMO,
    name: 'Lakeside Fleet Services',
    currency: 'USD',
    status: 'active',
    limit: 3_000_000,
    authorised: 0,
    currencies: ['USD'],
    countries: ['US'],
    paymentEligible: false,
    paymentWebText: 'Payments are on hold while your credit review is completed.',
  },
  // Issue 26: Northwind's sub-accounts, each with its own credit line and invoices (one in CAD), rolled up on its Sub-accounts screen.
  {
    id: 'C-1011',
    tenant: DEMO,
    name: 'Northwind East',
    currency: 'USD',
    status: 'active',
    limit: 5_000_000,
    authorised: 0,
    currencies: ['USD'],
    countries: ['US'],
    parent: 'C-1001',
  },
  {
    id: 'C-1012',
    tenant: DEMO,
    name: 'Northwind West',
    currency: 'USD',
    status: 'active',
    limit: 8_000_000,
    authorised: 250_000,
    currencies: ['USD'],
    countries: ['US'],
    parent: 'C-1001',
  },
  {
    id: 'C-1013',
    tenant: DEMO,
    name: 'Northwind Canada',
    currency: 'CAD',
    status: 'active',
    limit: 6_000_000,
    authorised: 0,
    currencies: ['CAD'],
    countries: ['CA'],
    parent: 'C-1001',
  },
  // Issue 26: the phone browser test's own account (tests/e2e/phone.test.ts pays and disputes its invoices); no other user or test reads it.
  {
    id: 'C-1008',
    tenant: DEMO,
    name: 'Harbour Line Couriers',
    currency: 'USD',
    status: 'active',
    limit: 4_000_000,
    authorised: 0,
    currencies: ['USD'],
    countries: ['US'],
  },
  {
    id: 'F-3001',
    tenant: FLEET,
    name: 'Fleet Tenant Carrier',
    currency: 'USD',
    status: 'active',
    limit: 5_000_000,
    authorised: 150_000,
    currencies: ['USD'],
    countries: ['US'],
  },
];

export const LOCATIONS = [
  { buid_location: 'L-1001-1', buid_customer: 'C-1001', location_name: 'Chicago Terminal', display_location: 'Chicago, IL' },
  { buid_location: 'L-1001-2', buid_customer: 'C-1001', location_name: 'Columbus Depot', display_location: 'Columbus, OH' },
  { buid_location: 'L-1001-3', buid_customer: 'C-1001', location_name: 'Dallas Yard', display_location: 'Dallas, TX' },
  { buid_location: 'L-1002-1', buid_customer: 'C-1002', location_name: 'Winnipeg Hub', display_location: 'Winnipeg, MB' },
  { buid_location: 'L-1003-1', buid_customer: 'C-1003', location_name: 'Duisburg Hafen', display_location: 'Duisburg, NW' },
] as const;

/** spec §9: the system type is the first letter of the tenant's api version (demo 'G2', fleet 'u1'). */
const SYSTEM_TYPE: Record<string, string> = { [DEMO]: 'G', [FLEET]: 'U' };

export async function seedCustomers(db: Writer): Promise<void> {
  await db
    .insertInto('customers')
    .values(
      CUSTOMERS.map((customer) => ({
        buid_customer: customer.id,
        tenant_id: customer.tenant,
        customer_name: customer.name,
        currency: customer.currency,
        status: customer.status,
        payment_eligible: customer.paymentEligible ?? true,
        payment_web_text: customer.paymentWebText ?? null,
        system_type: SYSTEM_TYPE[customer.tenant] ?? 'U',
        parent_customer: customer.parent ?? null,
      })),
    )
    .execute();
  await db
    .insertInto('credit_lines')
    .values(
      CUSTOMERS.map((customer) => ({
        buid_customer: customer.id,
        currency: customer.currency,
        credit_limit_minor: customer.limit,
        active_authorisation_minor: customer.authorised,
      })),
    )
    .execute();
  await db
    .insertInto('customer_currencies')
    .values(CUSTOMERS.flatMap((customer) => customer.currencies.map((currency) => ({ buid_customer: customer.id, currency }))))
    .execute();
  await db
    .insertInto('customer_banking_countries')
    .values(
      CUSTOMERS.flatMap((customer) =>
        customer.countries.map((code) => ({ buid_customer: customer.id, country_code: code, country_name: COUNTRY_NAMES[code] ?? code })),
      ),
    )
    .execute();
  await db
    .insertInto('locations')
    .values(LOCATIONS.map((location) => ({ ...location })))
    .execute();

  await db
    .insertInto('merchants')
    .values([
      { buid_merchant: 'M-2001', tenant_id: DEMO, merchant_name: 'Acme Fuel & Service', status: 'active', currency: 'USD' },
      { buid_merchant: 'M-2002', tenant_id: DEMO, merchant_name: 'Northern Tire Centre', status: 'active', currency: 'CAD' },
      { buid_merchant: 'F-M-1', tenant_id: FLEET, merchant_name: 'Fleet Fuel Depot', status: 'active', currency: 'USD' },
      // Bills only C-1008, so the dealer's figures and lists stay as the other tests know them.
      { buid_merchant: 'M-2003', tenant_id: DEMO, merchant_name: 'Harbour Fuel Stop', status: 'active', currency: 'USD' },
    ])
    .execute();
  // M-2001 also bills the EUR customer C-1003.
  await db
    .insertInto('merchant_currencies')
    .values([
      { buid_merchant: 'M-2001', currency: 'USD' },
      { buid_merchant: 'M-2001', currency: 'EUR' },
      { buid_merchant: 'M-2002', currency: 'CAD' },
      { buid_merchant: 'F-M-1', currency: 'USD' },
      { buid_merchant: 'M-2003', currency: 'USD' },
    ])
    .execute();
}

export const BENCH_CUSTOMER = 'C-9000';

/** The bench customer C-9000 with its credit line, currency and a link to the demo `admin`; idempotent. */
export async function ensureBenchCustomer(db: Writer): Promise<void> {
  await db
    .insertInto('currencies')
    .values({ code: 'USD', label: 'US Dollar', minor_units: 2 })
    .onConflict((oc) => oc.column('code').doNothing())
    .execute();
  await db
    .insertInto('merchants')
    .values({ buid_merchant: 'M-2001', tenant_id: DEMO, merchant_name: 'Acme Fuel & Service', status: 'active', currency: 'USD' })
    .onConflict((oc) => oc.column('buid_merchant').doNothing())
    .execute();
  await db
    .insertInto('customers')
    .values({
      buid_customer: BENCH_CUSTOMER,
      tenant_id: DEMO,
      customer_name: 'Bench Freight Co',
      currency: 'USD',
      status: 'active',
      payment_eligible: true,
      payment_web_text: null,
      system_type: SYSTEM_TYPE[DEMO] ?? 'U',
    })
    .onConflict((oc) => oc.column('buid_customer').doNothing())
    .execute();
  await db
    .insertInto('credit_lines')
    .values({
      buid_customer: BENCH_CUSTOMER,
      currency: 'USD',
      credit_limit_minor: 100_000_000_000,
      active_authorisation_minor: 0,
    })
    .onConflict((oc) => oc.column('buid_customer').doNothing())
    .execute();
  await db
    .insertInto('customer_currencies')
    .values({ buid_customer: BENCH_CUSTOMER, currency: 'USD' })
    .onConflict((oc) => oc.columns(['buid_customer', 'currency']).doNothing())
    .execute();
  const admin = await db
    .selectFrom('users')
    .select(['user_id', 'user_group_id'])
    .where('tenant_id', '=', DEMO)
    .where('username', '=', 'admin')
    .executeTakeFirst();
  if (admin) {
    await db
      .insertInto('user_customers')
      .values({ user_id: admin.user_id, buid_customer: BENCH_CUSTOMER })
      .onConflict((oc) => oc.columns(['user_id', 'buid_customer']).doNothing())
      .execute();
    // Issue 17: a user in a group sees the group's customers (server/groups/scope.ts), so the admin's group gets it too.
    if (admin.user_group_id !== null) {
      await db
        .insertInto('user_group_customers')
        .values({ user_group_id: admin.user_group_id, buid_customer: BENCH_CUSTOMER })
        .onConflict((oc) => oc.columns(['user_group_id', 'buid_customer']).doNothing())
        .execute();
    }
  }
}
