import type { ApplicationStatus } from '../../../domain/credit-applications.ts';

/** A credit application as the studio's API answers it (server/applications/application-resource.ts). */
export interface StudioApplication {
  application_id: number;
  kind: 'new_line' | 'increase';
  buid_customer: string | null;
  company_name: string;
  registration_number: string;
  country: string;
  address: string;
  contact_name: string;
  contact_email: string;
  contact_phone: string;
  requested_limit: number;
  approved_limit: number | null;
  currency: string;
  trade_references: Array<{ name: string; contact_name: string; email: string; phone: string }>;
  status: ApplicationStatus;
  info_request: string | null;
  applicant_answer: string | null;
  decision_note: string | null;
  created_at: string;
  history: Array<{ status: string; actor: string; note: string | null; at: string }>;
  documents: Array<{ document_id: number; document_type: string; file_name: string; file_size: number; entry_ts: string }>;
}
