import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../schema.ts';

/** Anything the seed modules can write through: the database or the seed's transaction. */
export type Writer = Kysely<DB> | Transaction<DB>;

export const DEMO = 'demo';
export const FLEET = 'fleet';
export const DEMO_PASSWORD = 'Portal#2026';

/** Small deterministic PRNG (mulberry32); the same seed always gives the same sequence. */
export interface Rng {
  next(): number;
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  digits(count: number): string;
}

export function createRng(seed: number): Rng {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    pick: <T>(items: readonly T[]): T => items[int(0, items.length - 1)] as T,
    digits: (count: number) => Array.from({ length: count }, () => String(int(0, 9))).join(''),
  };
}

/** Today's calendar day in Central US time (spec §9: some dates use Central US time). */
export function chicagoToday(now: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Chicago',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(now);
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

export function assertDay(day: string): void {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(Date.parse(`${day}T00:00:00Z`))) {
    throw new Error(`Expected a 'YYYY-MM-DD' day, got '${day}'`);
  }
}

/** Calendar arithmetic on 'YYYY-MM-DD' days (UTC, so no daylight-saving drift). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Last day of the month `months` months after the month of `day`. */
export function endOfMonthAfter(day: string, months: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  const end = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months + 1, 0));
  return end.toISOString().slice(0, 10);
}

/** 'YYYY-MM' of the month `months` months after the month of `day` (negative = before). */
export function monthOf(day: string, months: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  const first = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1));
  return first.toISOString().slice(0, 7);
}

/** An instant on a seed day: 15:00 UTC is 9 or 10 a.m. in Chicago, so the Central day is the same. */
export function at(day: string, hour = 15, minute = 0): Date {
  return new Date(`${day}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00.000Z`);
}

export function pad(value: number, width: number): string {
  return String(value).padStart(width, '0');
}

/** A minimal valid one-page PDF showing `title`, with a correct cross-reference table. */
export function minimalPdf(title: string): Uint8Array {
  const text = title.replace(/[\\()]/g, (char) => `\\${char}`);
  const stream = `BT /F1 18 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xrefAt = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${pad(offset, 10)} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return new TextEncoder().encode(body);
}
