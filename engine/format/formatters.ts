import type { FormatterName } from '../registry/names.ts';

/** spec §9: some dates use Central US time. */
export const CENTRAL_TIME_ZONE = 'America/Chicago';

export interface FormatContext {
  locale: string;
  /** The user's time zone (from /self), for instants shown in local time. */
  timeZone: string;
  /** Currency of the value when the row does not carry one. */
  currency?: string;
  translate: (key: string) => string;
}

// Building an Intl formatter costs far more than using one; a table formats thousands of cells.
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let formatter = numberFormats.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, formatter);
  }
  return formatter;
}

function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let formatter = dateFormats.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, options);
    dateFormats.set(key, formatter);
  }
  return formatter;
}

/** spec §9: currency with two decimals in the user's locale; values are integer minor units. */
export function formatCurrency(minor: number, currency: string, locale: string): string {
  return numberFormat(locale, { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(minor / 100);
}

/** A calendar day ('2026-11-23') shown as that day everywhere: formatted in UTC so no zone shifts it. */
export function formatDay(day: string, locale: string): string {
  const date = new Date(`${day.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return dateFormat(locale, { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(date);
}

/** A calendar month ('2026-03') as "Mar 2026" in the user's locale (UTC, so no zone shifts it). */
export function formatMonth(month: string, locale: string): string {
  const date = new Date(`${month.slice(0, 7)}-01T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return month;
  return dateFormat(locale, { year: 'numeric', month: 'short', timeZone: 'UTC' }).format(date);
}

/** An instant shown in an explicit time zone, with the zone's name so it is never ambiguous. */
export function formatInstant(value: string | Date, locale: string, timeZone: string, withTime: boolean): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  return dateFormat(locale, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone,
    ...(withTime ? { hour: '2-digit', minute: '2-digit', timeZoneName: 'short' } : {}),
  }).format(date);
}

/** spec §9: file sizes in base-1000 units. formatFileSize(1500, 'en') === '1.5 kB' */
export function formatFileSize(bytes: number, locale: string): string {
  const units = ['B', 'kB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (Math.abs(value) >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  const digits = unit === 0 ? 0 : 1;
  return `${numberFormat(locale, { maximumFractionDigits: digits }).format(value)} ${units[unit]}`;
}

/** spec §9: phone format 3-3-4. formatPhone('8005550199') === '800-555-0199' */
export function formatPhone(value: string): string {
  const digits = value.replace(/\D/g, '');
  if (digits.length !== 10) return value;
  return `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`;
}

/** 'Past Due' → 'pastDue': a value the API sends as English words, as the last part of its key. */
function camelKey(words: string): string {
  return words
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+(.)/g, (_m, c: string) => c.toUpperCase());
}

/** 'Past Due' → 'common.status.pastDue': statuses are shown translated. */
export function statusKey(status: string): string {
  return `common.status.${camelKey(status)}`;
}

/** 'Proof of delivery' → 'common.documentTypes.proofOfDelivery' (GET /document-types names them in English). */
export function documentTypeKey(documentType: string): string {
  return `common.documentTypes.${camelKey(documentType)}`;
}

/** 'Goods not received' → 'common.disputeReasons.goodsNotReceived' (GET /dispute-reasons names them in English). */
export function disputeReasonKey(reason: string): string {
  return `common.disputeReasons.${camelKey(reason)}`;
}

/** 'Primary' → 'disputes.contactTypes.Primary': a dispute contact's type (domain DISPUTE_CONTACT_TYPES). */
export function disputeContactTypeKey(contactType: string): string {
  return `disputes.contactTypes.${contactType.trim()}`;
}

/**
 * A name the API gives in English (a document type, a dispute reason, a contact's type), translated by its key.
 * The program API may add names the portal has no text for: those show as the API gives them
 * rather than as a raw key.
 */
function namedLabel(name: string, key: string, translate: (key: string) => string): string {
  const text = translate(key);
  return text === key ? name : text;
}

export function format(name: FormatterName, value: unknown, context: FormatContext): string {
  if (value === null || value === undefined || value === '') return '';
  switch (name) {
    case 'text':
      return String(value);
    case 'currency':
      return formatCurrency(Number(value), context.currency ?? 'USD', context.locale);
    case 'date':
      return formatDay(String(value), context.locale);
    case 'month':
      return formatMonth(String(value), context.locale);
    case 'dateCentral':
      return formatInstant(value as string, context.locale, CENTRAL_TIME_ZONE, false);
    case 'dateTime':
      return formatInstant(value as string, context.locale, context.timeZone, true);
    case 'dateTimeCentral':
      return formatInstant(value as string, context.locale, CENTRAL_TIME_ZONE, true);
    case 'status':
      return context.translate(statusKey(String(value)));
    case 'documentType':
      return namedLabel(String(value), documentTypeKey(String(value)), context.translate);
    case 'disputeReason':
      return namedLabel(String(value), disputeReasonKey(String(value)), context.translate);
    case 'disputeContactType':
      return namedLabel(String(value), disputeContactTypeKey(String(value)), context.translate);
    case 'fileSize':
      return formatFileSize(Number(value), context.locale);
    case 'phone':
      return formatPhone(String(value));
    case 'percent':
      return numberFormat(context.locale, { style: 'percent', maximumFractionDigits: 0 }).format(Number(value) / 100);
    case 'number':
      return numberFormat(context.locale, {}).format(Number(value));
    case 'yesNo':
      return context.translate(value === true || value === 'Y' ? 'common.yes' : 'common.no');
  }
}
