import { sql, type Kysely } from 'kysely';

/**
 * One table per entity of spec §3. Money is bigint minor units beside a currency code;
 * calendar days are `date`; instants are `timestamptz`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table currencies (
      code char(3) primary key,
      label text not null,
      minor_units smallint not null default 2
    );

    create table customers (
      buid_customer text primary key,
      tenant_id text not null,
      customer_name text not null,
      currency char(3) not null references currencies(code),
      status text not null check (status in ('active','inactive','terminated')),
      payment_eligible boolean not null default true,
      payment_web_text text,
      system_type char(1) not null default 'U'
    );
    create index customers_tenant on customers(tenant_id, customer_name);

    create table credit_lines (
      buid_customer text primary key references customers(buid_customer),
      currency char(3) not null references currencies(code),
      credit_limit_minor bigint not null check (credit_limit_minor >= 0),
      active_authorisation_minor bigint not null default 0 check (active_authorisation_minor >= 0)
    );

    create table customer_currencies (
      buid_customer text not null references customers(buid_customer),
      currency char(3) not null references currencies(code),
      primary key (buid_customer, currency)
    );

    create table customer_banking_countries (
      buid_customer text not null references customers(buid_customer),
      country_code char(2) not null,
      country_name text not null,
      primary key (buid_customer, country_code)
    );

    create table locations (
      buid_location text primary key,
      buid_customer text not null references customers(buid_customer),
      location_name text not null,
      display_location text not null
    );
    create index locations_customer on locations(buid_customer, location_name);

    create table merchants (
      buid_merchant text primary key,
      tenant_id text not null,
      merchant_name text not null,
      status text not null check (status in ('active','inactive','terminated')),
      currency char(3) not null references currencies(code)
    );

    create table merchant_currencies (
      buid_merchant text not null references merchants(buid_merchant),
      currency char(3) not null references currencies(code),
      primary key (buid_merchant, currency)
    );

    create table invoices (
      trx_id text primary key,
      invoice_id text not null,
      buid_customer text not null references customers(buid_customer),
      buid_location text references locations(buid_location),
      buid_merchant text not null references merchants(buid_merchant),
      po_number text,
      status text not null check (status in ('Billed','Past Due','Pending','Payment Pending','Paid','Unbilled','Disputed','On hold','Adjusted','Terminated')),
      eligible_for_dispute boolean not null default true,
      due_date date,
      received_date date not null,
      currency char(3) not null references currencies(code),
      billed_total_minor bigint not null default 0,
      disputed_total_minor bigint not null default 0,
      invoice_total_minor bigint not null,
      subtotal_minor bigint not null,
      tax_minor bigint not null default 0,
      late_fee_minor bigint not null default 0,
      current_due_minor bigint not null default 0,
      past_due_minor bigint not null default 0,
      amount_minor bigint not null,
      product text,
      adjustment_reason text,
      notes text,
      merchant_original_invoice text,
      updated_at timestamptz not null default now()
    );
    create index invoices_customer_status_due on invoices(buid_customer, status, due_date, trx_id);
    create index invoices_customer_due on invoices(buid_customer, due_date, trx_id);
    create index invoices_merchant on invoices(buid_merchant, status);
    create index invoices_invoice_id on invoices(invoice_id);
    create index invoices_po on invoices(po_number);

    create table invoice_line_items (
      trx_id text not null references invoices(trx_id),
      line_no int not null,
      description text not null,
      quantity numeric(12,3) not null,
      unit_price_minor bigint not null,
      amount_minor bigint not null,
      primary key (trx_id, line_no)
    );

    create table addresses (
      id bigserial primary key,
      trx_id text not null references invoices(trx_id),
      kind text not null check (kind in ('billing','shipping','merchant')),
      contact_name text,
      line_1 text not null,
      line_2 text,
      line_3 text,
      city_state_zip text not null,
      country text not null,
      unique (trx_id, kind)
    );

    create table document_types (
      doc_type_id int primary key,
      document_type text not null,
      max_attachments int not null
    );

    create table invoice_documents (
      document_id bigserial primary key,
      trx_id text not null references invoices(trx_id),
      doc_type_id int not null references document_types(doc_type_id),
      entry_ts timestamptz not null default now(),
      file_name text not null,
      file_size bigint not null,
      mime_type text not null,
      content bytea not null,
      uploaded_by bigint
    );
    create index invoice_documents_trx on invoice_documents(trx_id);

    create table dispute_reasons (
      dispute_reason_id int primary key,
      dispute_reason text not null,
      documentation_required boolean not null default false
    );

    create table dispute_ineligible_trxs (
      trx_id text primary key references invoices(trx_id),
      ineligible_reason text not null
    );

    create table disputes (
      dispute_id bigserial primary key,
      trx_id text not null references invoices(trx_id),
      buid_customer text not null references customers(buid_customer),
      buid_merchant text not null references merchants(buid_merchant),
      dispute_reason_id int not null references dispute_reasons(dispute_reason_id),
      description text not null,
      status text not null check (status in ('open','waiting on customer','waiting on merchant','escalated','closed')),
      is_chargeback boolean not null default false,
      amount_minor bigint not null,
      currency char(3) not null references currencies(code),
      created_at timestamptz not null default now(),
      created_by bigint,
      response_due_at timestamptz,
      response_date timestamptz,
      closed_at timestamptz
    );
    create index disputes_customer on disputes(buid_customer, status);
    create index disputes_merchant on disputes(buid_merchant, status);

    create table dispute_contacts (
      id bigserial primary key,
      dispute_id bigint not null references disputes(dispute_id),
      name text not null,
      email_address text not null,
      contact_type text not null,
      contact_type_text text not null
    );

    create table dispute_responses (
      id bigserial primary key,
      dispute_id bigint not null references disputes(dispute_id),
      side text not null check (side in ('customer','merchant','support')),
      action text not null,
      dispute_action_description text not null,
      comment text,
      comment_date timestamptz not null default now(),
      user_id bigint
    );
    create index dispute_responses_dispute on dispute_responses(dispute_id, comment_date);

    create table dispute_documents (
      id bigserial primary key,
      dispute_id bigint not null references disputes(dispute_id),
      file_name text not null,
      file_size bigint not null,
      mime_type text not null,
      content bytea not null,
      entry_ts timestamptz not null default now()
    );

    create table user_groups (
      id bigserial primary key,
      tenant_id text not null,
      name text not null,
      parent_group_id bigint references user_groups(id),
      network_access text,
      identity_provider text,
      sso_enabled boolean not null default false,
      include_child_accounts boolean not null default false,
      unique (tenant_id, name)
    );

    create table user_group_customers (
      user_group_id bigint not null references user_groups(id),
      buid_customer text not null references customers(buid_customer),
      primary key (user_group_id, buid_customer)
    );

    create table users (
      user_id bigserial primary key,
      tenant_id text not null,
      username text not null,
      password_hash text not null,
      first_name text not null,
      last_name text not null,
      email_address text not null,
      user_type text not null check (user_type in ('customer','corporate','merchant','admin')),
      role text not null default 'Viewer',
      status text not null default 'active' check (status in ('active','not_activated')),
      lock_state text check (lock_state in ('locked_by_admin','locked_by_support','challenge_phrase_change_required','exceeded_challenge_attempts','exceeded_login_attempts','expired_password','password_change_required')),
      lock_reason text,
      failed_logins int not null default 0,
      user_group_id bigint references user_groups(id),
      language text not null default 'en',
      time_zone text not null default 'America/Chicago',
      created_at timestamptz not null default now(),
      unique (tenant_id, username)
    );

    create table user_customers (
      user_id bigint not null references users(user_id),
      buid_customer text not null references customers(buid_customer),
      primary key (user_id, buid_customer)
    );

    create table user_merchants (
      user_id bigint not null references users(user_id),
      buid_merchant text not null references merchants(buid_merchant),
      primary key (user_id, buid_merchant)
    );

    create table password_history (
      id bigserial primary key,
      user_id bigint not null references users(user_id),
      password_hash text not null,
      created_at timestamptz not null default now()
    );

    create table password_reset_tokens (
      token_hash text primary key,
      user_id bigint not null references users(user_id),
      expires_at timestamptz not null,
      used_at timestamptz
    );

    create table user_group_contacts (
      id bigserial primary key,
      user_group_id bigint not null references user_groups(id),
      contact_name text not null,
      email_address text not null,
      dispute_contact_type_id int not null,
      dispute_contact_type text not null,
      user_id bigint references users(user_id)
    );

    create table sessions (
      id_hash text primary key,
      user_id bigint not null references users(user_id),
      tenant_id text not null,
      csrf_token text not null,
      created_at timestamptz not null,
      last_seen_at timestamptz not null,
      customer_id text references customers(buid_customer),
      location text references locations(buid_location),
      merchant_id text references merchants(buid_merchant),
      card_secure_until timestamptz
    );
    create index sessions_user on sessions(user_id);

    create table notifications (
      id bigserial primary key,
      tenant_id text not null,
      buid_customer text references customers(buid_customer),
      user_type text,
      created_ts timestamptz not null default now(),
      effective_ts timestamptz not null,
      expires_ts timestamptz,
      high_priority boolean not null default false,
      text_title text not null,
      text_body text not null,
      notification_links jsonb not null default '[]',
      notification_attachments jsonb not null default '[]'
    );
    create index notifications_tenant on notifications(tenant_id, effective_ts desc);

    create table cards (
      card_id bigserial primary key,
      buid_customer text not null references customers(buid_customer),
      card_name text not null,
      card_holder text not null,
      card_number text not null,
      expiry_date date not null,
      status text not null check (status in ('active','terminated','requested','activation')),
      requested_at timestamptz,
      termination_date date,
      termination_reason text check (termination_reason in ('damaged','lost','stolen','no_longer_needed'))
    );
    create index cards_customer on cards(buid_customer, status);

    create table bank_accounts (
      id bigserial primary key,
      buid_customer text not null references customers(buid_customer),
      kind text not null check (kind in ('us','cfi')),
      bank_country char(2) not null,
      bank_name text,
      account_name text,
      account_number text not null,
      routing_number text,
      bank_number text,
      branch_number text,
      account_type text check (account_type in ('checking','savings')),
      autopay boolean not null default false,
      online_payment boolean not null default false,
      created_at timestamptz not null default now(),
      removed_at timestamptz,
      check (autopay or online_payment)
    );
    create index bank_accounts_customer on bank_accounts(buid_customer) where removed_at is null;
    -- spec §4: only one AutoPay account per customer
    create unique index bank_accounts_one_autopay on bank_accounts(buid_customer) where autopay and removed_at is null;

    create table payments (
      id bigserial primary key,
      payment_number text not null unique,
      confirmation_number text not null unique,
      tenant_id text not null,
      user_id bigint references users(user_id),
      mode text not null check (mode in ('INDIVIDUAL_ACCOUNT','PROGRAM_OVERVIEW')),
      method text not null check (method in ('bank','card','mail')),
      bank_account_id bigint references bank_accounts(id),
      card_token text,
      currency char(3) not null references currencies(code),
      amount_minor bigint not null check (amount_minor > 0),
      card_fee_minor bigint not null default 0,
      status text not null check (status in ('pending','settled','failed')),
      idempotency_key text,
      request_hash text,
      source text not null default 'portal',
      created_at timestamptz not null default now(),
      settles_at timestamptz,
      settled_at timestamptz,
      unique (tenant_id, user_id, idempotency_key)
    );

    create table payment_invoices (
      payment_id bigint not null references payments(id),
      trx_id text not null references invoices(trx_id),
      buid_customer text not null references customers(buid_customer),
      amount_minor bigint not null check (amount_minor > 0),
      active boolean not null default true,
      primary key (payment_id, trx_id)
    );
    -- an invoice is in at most one live payment: concurrent submits cannot pay it twice
    create unique index payment_invoices_one_live on payment_invoices(trx_id) where active;

    create table jobs (
      id bigserial primary key,
      kind text not null,
      payload jsonb not null,
      run_at timestamptz not null,
      status text not null default 'queued' check (status in ('queued','running','done','failed')),
      attempts int not null default 0,
      last_error text,
      dedupe_key text unique
    );
    create index jobs_due on jobs(run_at) where status = 'queued';

    create table rejections (
      rejection_id bigserial primary key,
      trx_id text not null,
      buid_customer text not null references customers(buid_customer),
      buid_merchant text not null references merchants(buid_merchant),
      status text not null check (status in ('active','cancelled','resubmitted')),
      card_holder text not null,
      card_identifier text not null,
      reject_reason text not null,
      transaction_date date not null,
      amount_minor bigint not null,
      currency char(3) not null references currencies(code),
      product text,
      updated_at timestamptz not null default now()
    );
    create index rejections_customer on rejections(buid_customer, status);
    create index rejections_merchant on rejections(buid_merchant, status);

    create table loyalty_programs (
      program_id bigserial primary key,
      tenant_id text not null,
      program_template text not null,
      goal_type_id int not null,
      currency char(3) not null references currencies(code),
      incentive_reward_minor bigint not null check (incentive_reward_minor > 0),
      sales_target_minor bigint not null,
      growth_rate numeric(6,2),
      growth_tier int,
      rewards_tier int,
      enrollment_manager text
    );

    create table loyalty_enrollments (
      id bigserial primary key,
      buid_customer text not null references customers(buid_customer),
      loyalty_program_id bigint not null references loyalty_programs(program_id),
      goal_type_id int not null,
      enrollment_status int not null,
      enrollment_date date not null,
      total_spend_minor bigint not null default 0,
      previous_year_spend_minor bigint not null default 0,
      current_reward_minor bigint not null default 0,
      earned_reward_minor bigint not null default 0,
      estimated_reward_minor bigint not null default 0,
      spending_history jsonb not null default '[]',
      unique (buid_customer, loyalty_program_id)
    );

    create table loyalty_milestones (
      id bigserial primary key,
      program_id bigint not null references loyalty_programs(program_id),
      incentive_tier int not null,
      target_minor bigint not null check (target_minor >= 0),
      reward_minor bigint not null check (reward_minor >= 0),
      unique (program_id, incentive_tier)
    );

    create table audit_log (
      id bigserial primary key,
      at timestamptz not null default now(),
      tenant_id text not null,
      user_id bigint,
      action text not null,
      entity text not null,
      entity_id text not null,
      detail jsonb not null default '{}'
    );
    create index audit_log_entity on audit_log(entity, entity_id);
  `.execute(db);
}
