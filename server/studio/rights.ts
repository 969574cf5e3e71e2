import type { OperatorRole } from '../db/schema.ts';

/**
 * What an operator may do in the studio (issue 24), by role: editors write drafts, publishers
 * publish and roll back, auditors read the history and the audit log. Everyone signed in reads
 * the tenants granted to them, their drafts and their history; a publisher sees the drafts it
 * publishes but does not write them (who writes a change is not who puts it live).
 */
export type StudioRight = 'read' | 'draft' | 'publish' | 'audit' | 'preview' | 'decide';

/**
 * Previewing (signing in to the portal as one of the tenant's users, read-only) is for those who
 * write or put live a change; an auditor reads what happened and has no reason to act as a user.
 */
/**
 * Deciding a credit application (issue 26) puts a customer's credit limit live at once, as
 * publishing puts a configuration live: the publisher's. Editors and auditors read applications
 * (the 'read' right) but do not decide them.
 */
const RIGHTS: Record<OperatorRole, readonly StudioRight[]> = {
  editor: ['read', 'draft', 'preview'],
  publisher: ['read', 'publish', 'audit', 'preview', 'decide'],
  auditor: ['read', 'audit'],
};

export function operatorMay(role: OperatorRole, right: StudioRight): boolean {
  return RIGHTS[role].includes(right);
}

export function rightsOf(role: OperatorRole): readonly StudioRight[] {
  return RIGHTS[role];
}
