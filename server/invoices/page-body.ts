import fastJsonStringify from 'fast-json-stringify';
import { LRUCache } from 'lru-cache';
import type { AuthContext } from '../auth/context.ts';
import type { Database } from '../db/database.ts';
import { pageMetaSchema, strictObject } from '../http/api-schema.ts';
import { JSON_API, type PageMeta } from '../http/jsonapi.ts';
import { type InvoiceListCaches, type InvoicePageRow, type InvoiceVersionRow, fetchInvoicePage, fetchInvoicesById } from './page.ts';
import type { InvoiceListQuery, InvoiceVersion } from './list.ts';
import { invoiceResource, invoiceResourceSchema } from './serialize.ts';

/**
 * The body of GET /invoices, written from invoice resources serialised once per version of their
 * row (issue 25).
 *
 * Most of the paged list's server CPU went on its rows: pg decoding 50 rows of 28 fields, the
 * resources built from them, and their JSON. A page's statement now asks only for each row's
 * version and look-ups (server/invoices/list.ts selectInvoiceVersions). A resource already
 * serialised from the same version with the same look-ups is reused as it is; only the others are
 * read whole and serialised. Those are everything invoiceResource reads, so nothing needs to be
 * invalidated: a write makes a new version of the row, which no kept resource matches. That holds
 * across processes too (each keeps its own).
 *
 * The cache keeps the latest resource of each invoice, kept to a memory budget (bytes of JSON).
 */
const CACHE_BYTES = 16 * 1024 * 1024;
/** A kept resource's own cost beside its JSON (its versions and the cache's entry), for the budget. */
const ENTRY_OVERHEAD_BYTES = 200;

/**
 * Code compiled from a response schema (fast-json-stringify): it writes 50 resources of 28
 * attributes in about 40 % of JSON.stringify's time. It drops what the schema does not list, which
 * is why JSON.stringify stays every other route's (server/http/openapi.ts); invoiceResource is typed
 * from this schema (FromSchema), so the two cannot drift.
 */
const compiled = <T>(schema: object): ((value: T) => string) => fastJsonStringify(schema as Parameters<typeof fastJsonStringify>[0]);
const serializeResource = compiled<ReturnType<typeof invoiceResource>>(invoiceResourceSchema);
const serializeMeta = compiled<{ page: PageMeta }>(strictObject({ page: pageMetaSchema }));

/** What GET /invoices answers with: a JSON:API document in UTF-8, as Fastify labels the JSON it writes itself. */
export const INVOICE_PAGE_TYPE = `${JSON_API}; charset=utf-8`;

interface SerializedInvoice {
  version: VersionFields;
  json: Buffer;
}

/** What a resource is made of beside its id: a kept one serves only a row that matches it in all of them. */
const VERSION_FIELDS = ['row_version', 'attachments', 'open_dispute', 'merchant_name', 'listed_ineligible_reason'] as const;
type VersionFields = Pick<InvoiceVersion, (typeof VERSION_FIELDS)[number]>;

const sameVersion = (a: VersionFields, b: VersionFields): boolean => VERSION_FIELDS.every((field) => a[field] === b[field]);

const versionOf = (row: VersionFields): VersionFields => ({
  row_version: row.row_version,
  attachments: row.attachments,
  open_dispute: row.open_dispute,
  merchant_name: row.merchant_name,
  listed_ineligible_reason: row.listed_ineligible_reason,
});

type ResourceCache = LRUCache<string, SerializedInvoice>;

/**
 * Reading a page's versions first pays only when most of its resources are kept: a page with none
 * kept costs that statement on top of reading its rows whole (in-process, about 1.8 ms against
 * 1.1; all kept, 0.6). So the kept share of the pages served lately (an average that weighs the
 * last twenty pages or so) decides: from half up, the versions first; below, the rows whole, each
 * resource then taken from the cache when it matches, or serialised and kept. Pages read whole
 * still count what would have been kept, so the share rises again as the cache fills. It starts at
 * one: a new server's first pages are worth trying.
 */
const VERSIONS_FIRST_FROM = 0.5;
const SHARE_WEIGHT = 0.05;

interface Kept {
  resources: ResourceCache;
  share: number;
}

/** Per database: the same versions in another database (a test's, say) are other rows. */
const keptByDatabase = new WeakMap<Database, Kept>();
function keptOf(db: Database): Kept {
  let kept = keptByDatabase.get(db);
  if (!kept) {
    const resources = new LRUCache<string, SerializedInvoice>({
      maxSize: CACHE_BYTES,
      sizeCalculation: (entry) => entry.json.byteLength + ENTRY_OVERHEAD_BYTES,
    });
    kept = { resources, share: 1 };
    keptByDatabase.set(db, kept);
  }
  return kept;
}

/** Notes what share of a page's resources was kept. */
function noteShare(kept: Kept, found: number, of: number): void {
  if (of > 0) kept.share += (found / of - kept.share) * SHARE_WEIGHT;
}

/** The kept resource of this version of the row, if there is one. */
function keptJson(cache: ResourceCache, row: InvoiceVersion): Buffer | undefined {
  const kept = cache.get(row.trx_id);
  return kept && sameVersion(kept.version, row) ? kept.json : undefined;
}

/**
 * A resource's bytes in a buffer of their own: Buffer.from would cut them from Node's shared 8 KiB
 * slabs, and a kept slice holds its whole slab, beyond what the cache's budget counts.
 */
function ownBytes(text: string): Buffer {
  const bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(text));
  bytes.write(text);
  return bytes;
}

function serialized(cache: ResourceCache, row: InvoicePageRow): Buffer {
  const json = ownBytes(serializeResource(invoiceResource(row)));
  cache.set(row.trx_id, { version: versionOf(row), json });
  return json;
}

/**
 * The page's rows not yet serialised, read whole by id, in the page's order; undefined when one of
 * them has changed (or gone) since the page's statement read it.
 */
async function readMissing(db: Database, rows: readonly InvoiceVersionRow[]): Promise<InvoicePageRow[] | undefined> {
  const found = await fetchInvoicesById(
    db,
    rows.map((row) => row.trx_id),
  );
  const byId = new Map(found.map((row) => [row.trx_id, row]));
  const ordered = rows.map((row) => byId.get(row.trx_id));
  return ordered.every((row, index): row is InvoicePageRow => row !== undefined && sameVersion(row, rows[index]!)) ? ordered : undefined;
}

const OPEN = Buffer.from('{"data":[');
const COMMA = Buffer.from(',');
const META = Buffer.from('],"meta":');
const CLOSE = Buffer.from('}');

interface PageResources {
  resources: Buffer[];
  meta: PageMeta;
}

/** One page's read: the route's arguments of fetchInvoicePage, and what the database's cache keeps. */
interface PageRead {
  db: Database;
  kept: Kept;
  page: [db: Database, auth: AuthContext, list: InvoiceListQuery, caches: InvoiceListCaches, today: string];
}

/** The page's rows whole, in one statement; each resource taken from the cache when it matches, or serialised and kept. */
async function fromWholeRows({ kept, page }: PageRead): Promise<PageResources> {
  const { rows, meta } = await fetchInvoicePage(...page);
  let found = 0;
  const resources = rows.map((row) => {
    const json = keptJson(kept.resources, row);
    if (json) found += 1;
    return json ?? serialized(kept.resources, row);
  });
  noteShare(kept, found, rows.length);
  return { resources, meta };
}

/** The page's versions first; only the rows whose resources are not kept are then read whole. */
async function fromVersions(read: PageRead): Promise<PageResources> {
  const { db, kept, page } = read;
  const versions = await fetchInvoicePage(...page, 'versions');
  const resources = versions.rows.map((row) => keptJson(kept.resources, row));
  const missing = versions.rows.filter((_, index) => resources[index] === undefined);
  noteShare(kept, versions.rows.length - missing.length, versions.rows.length);
  if (missing.length === 0) return { resources: resources as Buffer[], meta: versions.meta };
  const whole = await readMissing(db, missing);
  // A row changed or went between the two statements: the page is read again whole, in one statement.
  if (!whole) return fromWholeRows(read);
  let next = 0;
  return { resources: resources.map((json) => json ?? serialized(kept.resources, whole[next++]!)), meta: versions.meta };
}

/**
 * One page of GET /invoices as its JSON:API document (INVOICE_PAGE_TYPE), byte for byte what the
 * route's response schema would serialise (tests/api/invoice-page-body.test.ts).
 */
export async function invoicePageBody(
  db: Database,
  auth: AuthContext,
  list: InvoiceListQuery,
  caches: InvoiceListCaches,
  today: string,
): Promise<Buffer> {
  const kept = keptOf(db);
  const read: PageRead = { db, kept, page: [db, auth, list, caches, today] };
  const { resources, meta } = await (kept.share >= VERSIONS_FIRST_FROM ? fromVersions(read) : fromWholeRows(read));
  const parts: Buffer[] = [OPEN];
  resources.forEach((json, index) => {
    if (index > 0) parts.push(COMMA);
    parts.push(json);
  });
  parts.push(META, Buffer.from(serializeMeta({ page: meta })), CLOSE);
  return Buffer.concat(parts);
}
