import { describe, expect, it } from 'vitest';
import policyJson from '../permissions/policy.json' with { type: 'json' };
import { buildAbility, normaliseRole, type Action, type Policy, type Subject } from './policy.ts';

// The shipped policy (its schema check is tests/definitions' job): domain and engine never import server/.
const policy = policyJson as Policy;
const allFlags = {
  cards_enabled: true,
  loyalty_enabled: true,
  rejection_center_enabled: true,
  dispute_enabled: true,
  program_overview_enabled: true,
  manage_users_enabled: true,
  notification_center_enabled: true,
};
const can = (role: string, action: Action, subject: Subject, userType = 'customer', flags: Record<string, boolean> = allFlags) =>
  buildAbility(policy, { userType, role, flags }).can(action, subject);

describe('roles (spec §6)', () => {
  it('compares roles lowercased and defaults to view only', () => {
    expect(normaliseRole('Card Viewer')).toBe('card viewer');
    expect(normaliseRole('ADMIN')).toBe('admin');
    expect(normaliseRole(undefined)).toBe('view only');
    expect(normaliseRole('Viewer')).toBe('view only');
  });

  it.each(['safety manager', 'card viewer'])('bars %s from overview, invoices, disputes, payment methods, loyalty and users', (role) => {
    for (const subject of ['Exposure', 'Invoice', 'Dispute', 'BankAccount', 'LoyaltyProgram', 'User'] as const) {
      expect(can(role, 'read', subject), subject).toBe(false);
    }
  });

  it('lets admin and card viewer see cards, with the flag; never safety manager', () => {
    expect(can('Admin', 'read', 'Card')).toBe(true);
    expect(can('Card Viewer', 'read', 'Card')).toBe(true);
    expect(can('Safety Manager', 'read', 'Card')).toBe(false);
    expect(can('Payer', 'read', 'Card')).toBe(false);
    expect(can('Admin', 'read', 'Card', 'customer', { ...allFlags, cards_enabled: false })).toBe(false);
  });

  it('gives payment methods to admin only', () => {
    expect(can('Admin', 'create', 'BankAccount')).toBe(true);
    for (const role of ['Payer', 'View Only', 'Card Viewer', 'Safety Manager']) expect(can(role, 'read', 'BankAccount'), role).toBe(false);
  });

  it('lets admin and payer create disputes, not card viewer or viewer', () => {
    expect(can('Admin', 'create', 'Dispute')).toBe(true);
    expect(can('Payer', 'create', 'Dispute')).toBe(true);
    expect(can('Card Viewer', 'create', 'Dispute')).toBe(false);
    expect(can('View Only', 'create', 'Dispute')).toBe(false);
  });

  it('keeps dispute responses, users and groups to admin', () => {
    for (const subject of ['DisputeResponse', 'User', 'UserGroup'] as const) {
      expect(can('Admin', 'create', subject), subject).toBe(true);
      expect(can('Payer', 'create', subject), subject).toBe(false);
    }
  });

  it('lets admin and payer pay, nobody else', () => {
    expect(can('Admin', 'create', 'Payment')).toBe(true);
    expect(can('Payer', 'create', 'Payment')).toBe(true);
    for (const role of ['View Only', 'Card Viewer', 'Safety Manager']) expect(can(role, 'create', 'Payment'), role).toBe(false);
  });

  it('forbids the notification centre to card viewers', () => {
    expect(can('Card Viewer', 'read', 'Notification')).toBe(false);
    expect(can('View Only', 'read', 'Notification')).toBe(true);
  });

  it('passes the notification flag through its disabled twin (spec §5)', () => {
    const flags = { ...allFlags, notification_center_enabled: undefined as unknown as boolean, notification_center_disabled: false };
    expect(can('Payer', 'read', 'Notification', 'customer', flags)).toBe(true);
    expect(can('Payer', 'read', 'Notification', 'customer', { notification_center_disabled: true })).toBe(false);
  });

  it('lets a merchant admin respond to disputes but not pay', () => {
    expect(can('Admin', 'create', 'DisputeResponse', 'merchant')).toBe(true);
    expect(can('Admin', 'create', 'Payment', 'merchant')).toBe(false);
  });

  it('denies everything to an unknown user type', () => {
    expect(can('Admin', 'read', 'Invoice', 'none')).toBe(false);
  });
});
