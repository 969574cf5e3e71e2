import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/** Calendar day as 'YYYY-MM-DD'. */
type Day = string;
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type TimestampDefault = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string, string>;

export type CustomerStatus = 'active' | 'inactive' | 'terminated';
export type InvoiceStatus =
  | 'Billed'
  | 'Past Due'
  | 'Pending'
  | 'Payment Pending'
  | 'Paid'
  | 'Unbilled'
  | 'Disputed'
  | 'On hold'
  | 'Adjusted'
  | 'Terminated';
export type DisputeStatus = 'open' | 'waiting on customer' | 'waiting on merchant' | 'escalated' | 'closed';
export type UserType = 'customer' | 'corporate' | 'merchant' | 'admin';
export type LockState =
  | 'locked_by_admin'
  | 'locked_by_support'
  | 'challenge_phrase_change_required'
  | 'exceeded_challenge_attempts'
  | 'exceeded_login_attempts'
  | 'expired_password'
  | 'password_change_required';
export type CardStatus = 'active' | 'terminated' | 'requested' | 'activation';
export type PaymentMode = 'INDIVIDUAL_ACCOUNT' | 'PROGRAM_OVERVIEW';
export type PaymentMethod = 'bank' | 'card' | 'mail';

export interface CurrenciesTable {
  code: string;
  label: string;
  minor_units: ColumnType<number, number | undefined, number>;
}
export interface CustomersTable {
  buid_customer: string;
  tenant_id: string;
  customer_name: string;
  currency: string;
  status: CustomerStatus;
  payment_eligible: ColumnType<boolean, boolean | undefined, boolean>;
  payment_web_text: string | null;
  system_type: ColumnType<string, string | undefined, string>;
  /** Issue 26: the parent account of a sub-account (migration 017); null for a top-level account. */
  parent_customer: ColumnType<string | null, string | null | undefined, string | null>;
}
export interface CreditLinesTable {
  buid_customer: string;
  currency: string;
  credit_limit_minor: number;
  active_authorisation_minor: ColumnType<number, number | undefined, number>;
}
export interface CustomerCurrenciesTable {
  buid_customer: string;
  currency: string;
}
export interface CustomerBankingCountriesTable {
  buid_customer: string;
  country_code: string;
  country_name: string;
}
export interface LocationsTable {
  buid_location: string;
  buid_customer: string;
  location_name: string;
  display_location: string;
}
export interface MerchantsTable {
  buid_merchant: string;
  tenant_id: string;
  merchant_name: string;
  status: CustomerStatus;
  currency: string;
}
export interface MerchantCurrenciesTable {
  buid_merchant: string;
  currency: string;
}
/** The customers a merchant may invoice (migration 010). */
export interface MerchantCustomersTable {
  buid_merchant: string;
  buid_customer: string;
}
export interface InvoicesTable {
  trx_id: string;
  invoice_id: string;
  buid_customer: string;
  buid_location: string | null;
  buid_merchant: string;
  po_number: string | null;
  status: InvoiceStatus;
  eligible_for_dispute: ColumnType<boolean, boolean | undefined, boolean>;
  due_date: Day | null;
  received_date: Day;
  currency: string;
  billed_total_minor: ColumnType<number, number | undefined, number>;
  disputed_total_minor: ColumnType<number, number | undefined, number>;
  invoice_total_minor: number;
  subtotal_minor: number;
  tax_minor: ColumnType<number, number | undefined, number>;
  late_fee_minor: ColumnType<number, number | undefined, number>;
  current_due_minor: ColumnType<number, number | undefined, number>;
  past_due_minor: ColumnType<number, number | undefined, number>;
  amount_minor: number;
  product: string | null;
  adjustment_reason: string | null;
  notes: string | null;
  merchant_original_invoice: string | null;
  updated_at: TimestampDefault;
  /** The dealer's user who created it in the portal (migration 010); null for invoices from the program. */
  created_by: ColumnType<number | null, number | null | undefined, number | null>;
}
export interface InvoiceLineItemsTable {
  trx_id: string;
  line_no: number;
  description: string;
  quantity: number;
  unit_price_minor: number;
  amount_minor: number;
}
export interface AddressesTable {
  id: Generated<number>;
  trx_id: string;
  kind: 'billing' | 'shipping' | 'merchant';
  contact_name: string | null;
  line_1: string;
  line_2: string | null;
  line_3: string | null;
  city_state_zip: string;
  country: string;
}
export interface DocumentTypesTable {
  doc_type_id: number;
  document_type: string;
  max_attachments: number;
}
export interface InvoiceDocumentsTable {
  document_id: Generated<number>;
  trx_id: string;
  doc_type_id: number;
  entry_ts: TimestampDefault;
  file_name: string;
  file_size: number;
  mime_type: string;
  content: Uint8Array;
  uploaded_by: number | null;
}
export interface DisputeReasonsTable {
  dispute_reason_id: number;
  dispute_reason: string;
  documentation_required: boolean;
}
export interface DisputeIneligibleTrxsTable {
  trx_id: string;
  ineligible_reason: string;
}
export interface DisputesTable {
  dispute_id: Generated<number>;
  trx_id: string;
  buid_customer: string;
  buid_merchant: string;
  dispute_reason_id: number;
  description: string;
  status: DisputeStatus;
  is_chargeback: ColumnType<boolean, boolean | undefined, boolean>;
  amount_minor: number;
  currency: string;
  created_at: TimestampDefault;
  created_by: number | null;
  response_due_at: Date | null;
  response_date: Date | null;
  closed_at: Date | null;
  /** When the daily expiry job found it past its response time (migration 008). */
  expired_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}
export interface DisputeContactsTable {
  id: Generated<number>;
  dispute_id: number;
  name: string;
  email_address: string;
  contact_type: string;
  contact_type_text: string;
}
export interface DisputeResponsesTable {
  id: Generated<number>;
  dispute_id: number;
  side: 'customer' | 'merchant' | 'support';
  action: string;
  dispute_action_description: string;
  comment: string | null;
  comment_date: TimestampDefault;
  user_id: number | null;
}
export interface DisputeDocumentsTable {
  id: Generated<number>;
  dispute_id: number;
  file_name: string;
  file_size: number;
  mime_type: string;
  content: Uint8Array;
  entry_ts: TimestampDefault;
  /** The transaction and document type it supports (migration 008; null on older rows). */
  trx_id: ColumnType<string | null, string | null | undefined, string | null>;
  doc_type_id: ColumnType<number | null, number | null | undefined, number | null>;
}
export interface UserGroupsTable {
  id: Generated<number>;
  tenant_id: string;
  name: string;
  parent_group_id: number | null;
  network_access: string | null;
  sso_enabled: ColumnType<boolean, boolean | undefined, boolean>;
  include_child_accounts: ColumnType<boolean, boolean | undefined, boolean>;
  /** The tenant identity provider the group chose (migration 014): an id of the tenant file's `identityProviders`. */
  identity_provider_id: ColumnType<string | null, string | null | undefined, string | null>;
}
export interface UserGroupCustomersTable {
  user_group_id: number;
  buid_customer: string;
}
export interface UsersTable {
  user_id: Generated<number>;
  tenant_id: string;
  username: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  email_address: string;
  user_type: UserType;
  role: ColumnType<string, string | undefined, string>;
  status: ColumnType<'active' | 'not_activated', 'active' | 'not_activated' | undefined, 'active' | 'not_activated'>;
  lock_state: LockState | null;
  lock_reason: string | null;
  failed_logins: ColumnType<number, number | undefined, number>;
  /** Issue 12: password sign-in is paused until then after failed attempts (ends by itself); login_locks counts pauses in a row for the back-off. */
  login_locked_until: ColumnType<Date | null, Date | null | undefined, Date | null>;
  login_locks: ColumnType<number, number | undefined, number>;
  user_group_id: number | null;
  /** Issue 26: the currency chosen at sign-in when the account offers it (migration 017); null: spec §9's default. */
  default_currency: ColumnType<string | null, string | null | undefined, string | null>;
  language: ColumnType<string, string | undefined, string>;
  time_zone: ColumnType<string, string | undefined, string>;
  created_at: TimestampDefault;
  /** Issue 17 (migration 013): spec §6 access level, and when the last invitation mail went out. */
  access_level: ColumnType<'viewing' | 'view_edit', 'viewing' | 'view_edit' | undefined, 'viewing' | 'view_edit'>;
  invited_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}
export interface UserCustomersTable {
  user_id: number;
  buid_customer: string;
}
export interface UserMerchantsTable {
  user_id: number;
  buid_merchant: string;
}
export interface PasswordHistoryTable {
  id: Generated<number>;
  user_id: number;
  password_hash: string;
  created_at: TimestampDefault;
}
export interface PasswordResetTokensTable {
  token_hash: string;
  user_id: number;
  expires_at: Timestamp;
  used_at: Date | null;
}
export interface UserGroupContactsTable {
  id: Generated<number>;
  user_group_id: number;
  contact_name: string;
  email_address: string;
  dispute_contact_type_id: number;
  dispute_contact_type: string;
  user_id: number | null;
}
export interface SessionsTable {
  id_hash: string;
  user_id: number;
  tenant_id: string;
  csrf_token: string;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  customer_id: string | null;
  location: string | null;
  merchant_id: string | null;
  card_secure_until: Date | null;
  /** A preview session (issue 24, migration 021): the operator, draft, language and side it shows; all null otherwise. */
  preview_operator_id: ColumnType<number | null, number | null | undefined, number | null>;
  preview_draft_id: ColumnType<number | null, number | null | undefined, number | null>;
  preview_language: ColumnType<string | null, string | null | undefined, string | null>;
  preview_applies_draft: ColumnType<boolean | null, boolean | null | undefined, boolean | null>;
}
export interface NotificationLink {
  label: string;
  url: string;
}
/** A file elsewhere (`url`), or one the portal serves from server/notifications/files (`file`, with its media type). */
export interface NotificationAttachment {
  file_name: string;
  url?: string;
  file?: string;
  content_type?: string;
  file_size?: number;
}
export interface NotificationsTable {
  id: Generated<number>;
  tenant_id: string;
  buid_customer: string | null;
  user_type: string | null;
  created_ts: TimestampDefault;
  effective_ts: Timestamp;
  expires_ts: Date | null;
  high_priority: ColumnType<boolean, boolean | undefined, boolean>;
  text_title: string;
  text_body: string;
  notification_links: Json<NotificationLink[]>;
  notification_attachments: Json<NotificationAttachment[]>;
  /** A message the server wrote: `{text_key}.title` / `.body` of locales/<lang>/notifications.json, rendered per reader. */
  text_key: ColumnType<string | null, string | null | undefined, string | null>;
  text_params: ColumnType<Record<string, string | number>, string | undefined, string>;
  /** Aimed at one user only (migration 009), e.g. who resubmitted a rejection. */
  user_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** A notice for one merchant's users (migration 008: the merchant side of a dispute). */
  buid_merchant: ColumnType<string | null, string | null | undefined, string | null>;
}
export interface CardsTable {
  card_id: Generated<number>;
  buid_customer: string;
  card_name: string;
  card_holder: string;
  /** BIN and last four in clear; the whole number only sealed (server/cards/pan-vault.ts). */
  card_bin: string;
  card_last4: string;
  card_number_sealed: string;
  card_key_id: string;
  expiry_date: Day;
  status: CardStatus;
  requested_at: Date | null;
  termination_date: Day | null;
  termination_reason: 'damaged' | 'lost' | 'stolen' | 'no_longer_needed' | null;
}
export interface BankAccountsTable {
  id: Generated<number>;
  buid_customer: string;
  kind: 'us' | 'cfi';
  bank_country: string;
  bank_name: string | null;
  account_name: string | null;
  account_number: string;
  routing_number: string | null;
  bank_number: string | null;
  branch_number: string | null;
  account_type: 'checking' | 'savings' | null;
  autopay: ColumnType<boolean, boolean | undefined, boolean>;
  online_payment: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: TimestampDefault;
  removed_at: Date | null;
}
export interface PaymentsTable {
  id: Generated<number>;
  payment_number: string;
  confirmation_number: string;
  tenant_id: string;
  user_id: number | null;
  mode: PaymentMode;
  method: PaymentMethod;
  bank_account_id: number | null;
  card_token: string | null;
  currency: string;
  amount_minor: number;
  card_fee_minor: ColumnType<number, number | undefined, number>;
  status: 'pending' | 'settled' | 'failed';
  idempotency_key: string | null;
  request_hash: string | null;
  source: ColumnType<string, string | undefined, string>;
  created_at: TimestampDefault;
  settles_at: Date | null;
  settled_at: Date | null;
  card_last4: ColumnType<string | null, string | null | undefined, string | null>;
  card_brand: ColumnType<string | null, string | null | undefined, string | null>;
  authorization_id: ColumnType<string | null, string | null | undefined, string | null>;
}
/** A card authorisation the server asked for (migration 005): see server/payments/card-intents.ts. */
export type CardIntentStatus = 'open' | 'voiding' | 'completed' | 'voided';
export interface CardIntentsTable {
  id: Generated<number>;
  tenant_id: string;
  user_id: number | null;
  provider: string;
  provider_key: string;
  amount_minor: number;
  currency: string;
  authorization_id: string | null;
  status: CardIntentStatus;
  payment_id: number | null;
  created_at: TimestampDefault;
  settled_at: Date | null;
}
/** The sandbox card provider's own records (migration 005): tokens only as SHA-256 digests. */
export interface SandboxCardTokensTable {
  token_hash: string;
  last4: string;
  brand: string;
  outcome: 'approve' | 'decline' | 'timeout';
  expires_at: Timestamp;
}
export interface SandboxAuthorizationsTable {
  request_key: string;
  authorization_id: string;
  token_hash: string;
  amount_minor: number;
  currency: string;
  last4: string;
  brand: string;
  status: 'authorized' | 'voided';
  created_at: TimestampDefault;
  voided_at: Date | null;
}
export interface PaymentInvoicesTable {
  payment_id: number;
  trx_id: string;
  buid_customer: string;
  amount_minor: number;
  active: ColumnType<boolean, boolean | undefined, boolean>;
}
export interface JobsTable {
  id: Generated<number>;
  kind: string;
  payload: Json<Record<string, unknown>>;
  run_at: Timestamp;
  status: ColumnType<'queued' | 'running' | 'done' | 'failed', 'queued' | undefined, 'queued' | 'running' | 'done' | 'failed'>;
  attempts: ColumnType<number, number | undefined, number>;
  last_error: string | null;
  dedupe_key: string | null;
}
export interface RejectionsTable {
  rejection_id: Generated<number>;
  trx_id: string;
  buid_customer: string;
  buid_merchant: string;
  status: 'active' | 'cancelled' | 'resubmitted';
  card_holder: string;
  card_identifier: string;
  reject_reason: string;
  transaction_date: Day;
  amount_minor: number;
  currency: string;
  product: string | null;
  updated_at: TimestampDefault;
  /** Corrections made before resubmitting, and the program's processing of it (migration 009). */
  odometer: ColumnType<number | null, number | null | undefined, number | null>;
  driver_id: ColumnType<string | null, string | null | undefined, string | null>;
  vehicle_id: ColumnType<string | null, string | null | undefined, string | null>;
  resubmit_comment: ColumnType<string | null, string | null | undefined, string | null>;
  resubmit_state: ColumnType<ResubmitState | null, ResubmitState | null | undefined, ResubmitState | null>;
  resubmit_error: ColumnType<string | null, string | null | undefined, string | null>;
}
export type ResubmitState = 'processing' | 'completed' | 'failed';
export interface LoyaltyProgramsTable {
  program_id: Generated<number>;
  tenant_id: string;
  program_template: string;
  goal_type_id: number;
  currency: string;
  incentive_reward_minor: number;
  sales_target_minor: number;
  growth_rate: number | null;
  growth_tier: number | null;
  rewards_tier: number | null;
  enrollment_manager: string | null;
  /** Migration 012: reward per paid spend in basis points, the program year, the managing user. */
  reward_rate_bp: ColumnType<number, number | undefined, number>;
  period_start: Day;
  period_end: Day;
  manager_user_id: ColumnType<number | null, number | null | undefined, number | null>;
}
/** Spend and rewards are computed from paid invoices (domain/loyalty.ts), not stored (migration 012). */
export interface LoyaltyEnrollmentsTable {
  id: Generated<number>;
  buid_customer: string;
  loyalty_program_id: number;
  goal_type_id: number;
  enrollment_status: number;
  enrollment_date: Day;
}
export interface LoyaltyMilestonesTable {
  id: Generated<number>;
  program_id: number;
  incentive_tier: number;
  target_minor: number;
  reward_minor: number;
}
export interface AuditLogTable {
  id: Generated<number>;
  at: TimestampDefault;
  tenant_id: string;
  user_id: number | null;
  action: string;
  entity: string;
  entity_id: string;
  detail: Json<Record<string, unknown>>;
}

/** Issue 22: budgets every server process counts against (server/http/budgets.ts). */
export interface RequestBudgetsTable {
  key: string;
  count: number;
  window_ends: Timestamp;
}

export type TenantRevisionSource = 'file' | 'operator';
export interface TenantRevisionsTable {
  tenant_id: string;
  revision: number;
  document: Json<unknown>;
  source: TenantRevisionSource;
  note: string | null;
  content_hash: string | null;
  created_at: TimestampDefault;
  created_by: string | null;
}
/** Issue 24, migration 019: the operator studio (server/studio/). */
export type OperatorRole = 'editor' | 'publisher' | 'auditor';
export interface OperatorsTable {
  operator_id: Generated<number>;
  username: string;
  display_name: string;
  role: OperatorRole;
  password_hash: string;
  disabled: ColumnType<boolean, boolean | undefined, boolean>;
  failed_logins: ColumnType<number, number | undefined, number>;
  login_locks: ColumnType<number, number | undefined, number>;
  login_locked_until: Timestamp | null;
  created_at: TimestampDefault;
}
export interface OperatorTenantsTable {
  operator_id: number;
  tenant_id: string;
}
export interface OperatorSessionsTable {
  id_hash: string;
  operator_id: number;
  csrf_token: string;
  created_at: Timestamp;
  last_seen_at: Timestamp;
}
export type DraftState = 'open' | 'published' | 'discarded';
export interface StudioDraftsTable {
  draft_id: Generated<number>;
  tenant_id: string;
  base_revision: number;
  document: Json<unknown>;
  state: ColumnType<DraftState, DraftState | undefined, DraftState>;
  created_by: number;
  created_at: TimestampDefault;
  updated_at: TimestampDefault;
}
export interface StudioAuditTable {
  id: Generated<number>;
  at: TimestampDefault;
  tenant_id: string;
  operator_id: number | null;
  operator_username: string;
  action: string;
  draft_id: number | null;
  revision: number | null;
  before: Json<unknown> | null;
  after: Json<unknown> | null;
  note: string | null;
}
export type Operator = Selectable<OperatorsTable>;
/** Issue 24, migration 022: the studio's QA snapshot runs (server/studio/snapshots/). */
export type SnapshotRunState = 'queued' | 'running' | 'done' | 'failed';
export interface StudioSnapshotRunsTable {
  run_id: Generated<number>;
  tenant_id: string;
  draft_id: number;
  operator_id: number | null;
  state: ColumnType<SnapshotRunState, SnapshotRunState | undefined, SnapshotRunState>;
  done: ColumnType<number, number | undefined, number>;
  total: ColumnType<number, number | undefined, number>;
  result: Json<unknown> | null;
  error: string | null;
  created_at: TimestampDefault;
  updated_at: TimestampDefault;
}
export interface TradeReference {
  name: string;
  contact_name: string;
  email: string;
  phone: string;
}
/** Issue 26 (migration 018): applications for a credit line or an increase. */
export interface CreditApplicationsTable {
  application_id: Generated<number>;
  tenant_id: string;
  kind: 'new_line' | 'increase';
  buid_customer: string | null;
  applicant_user_id: number | null;
  company_name: string;
  registration_number: string;
  country: string;
  address: string;
  contact_name: string;
  contact_email: string;
  contact_phone: string;
  requested_limit_minor: number;
  currency: string;
  trade_references: Json<TradeReference[]>;
  language: ColumnType<string, string | undefined, string>;
  status: 'submitted' | 'under_review' | 'more_info_needed' | 'approved' | 'declined';
  info_request: string | null;
  applicant_answer: string | null;
  approved_limit_minor: number | null;
  decision_note: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export interface CreditApplicationEventsTable {
  id: Generated<number>;
  application_id: number;
  status: string;
  actor: 'applicant' | 'operator';
  note: string | null;
  at: Timestamp;
}
export interface CreditApplicationDocumentsTable {
  document_id: Generated<number>;
  application_id: number;
  doc_type_id: number;
  entry_ts: TimestampDefault;
  file_name: string;
  file_size: number;
  mime_type: string;
  content: Uint8Array;
  uploaded_by: number | null;
}

export interface DB {
  currencies: CurrenciesTable;
  customers: CustomersTable;
  credit_lines: CreditLinesTable;
  credit_applications: CreditApplicationsTable;
  credit_application_events: CreditApplicationEventsTable;
  credit_application_documents: CreditApplicationDocumentsTable;
  customer_currencies: CustomerCurrenciesTable;
  customer_banking_countries: CustomerBankingCountriesTable;
  locations: LocationsTable;
  merchants: MerchantsTable;
  merchant_currencies: MerchantCurrenciesTable;
  merchant_customers: MerchantCustomersTable;
  invoices: InvoicesTable;
  invoice_line_items: InvoiceLineItemsTable;
  addresses: AddressesTable;
  document_types: DocumentTypesTable;
  invoice_documents: InvoiceDocumentsTable;
  dispute_reasons: DisputeReasonsTable;
  dispute_ineligible_trxs: DisputeIneligibleTrxsTable;
  disputes: DisputesTable;
  dispute_contacts: DisputeContactsTable;
  dispute_responses: DisputeResponsesTable;
  dispute_documents: DisputeDocumentsTable;
  user_groups: UserGroupsTable;
  user_group_customers: UserGroupCustomersTable;
  users: UsersTable;
  user_customers: UserCustomersTable;
  user_merchants: UserMerchantsTable;
  password_history: PasswordHistoryTable;
  password_reset_tokens: PasswordResetTokensTable;
  user_group_contacts: UserGroupContactsTable;
  sessions: SessionsTable;
  request_budgets: RequestBudgetsTable;
  notifications: NotificationsTable;
  cards: CardsTable;
  bank_accounts: BankAccountsTable;
  payments: PaymentsTable;
  payment_invoices: PaymentInvoicesTable;
  card_intents: CardIntentsTable;
  sandbox_card_tokens: SandboxCardTokensTable;
  sandbox_authorizations: SandboxAuthorizationsTable;
  jobs: JobsTable;
  rejections: RejectionsTable;
  loyalty_programs: LoyaltyProgramsTable;
  loyalty_enrollments: LoyaltyEnrollmentsTable;
  loyalty_milestones: LoyaltyMilestonesTable;
  audit_log: AuditLogTable;
  tenant_revisions: TenantRevisionsTable;
  operators: OperatorsTable;
  operator_tenants: OperatorTenantsTable;
  operator_sessions: OperatorSessionsTable;
  studio_drafts: StudioDraftsTable;
  studio_snapshot_runs: StudioSnapshotRunsTable;
  studio_audit: StudioAuditTable;
}

export type Invoice = Selectable<InvoicesTable>;
export type User = Selectable<UsersTable>;
export type Customer = Selectable<CustomersTable>;
export type NewInvoice = Insertable<InvoicesTable>;
