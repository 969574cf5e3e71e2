import { existsSync, readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { extname, join, sep } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Where the build puts its hashed files: a name there never changes its content. */
export const BUILT_ASSETS_PREFIX = '/assets/';
/** Vite's hashed file names change with their content, so a copy never goes stale. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
};

/** A built file with the variants the build compressed beside it (engine/build/compress-plugin.ts). */
export interface BuiltAsset {
  contentType: string;
  identity: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

/**
 * The build's assets/ folder, each file read from disk once, when first asked, and kept (issue
 * 25). Through @fastify/static every request stat-ed the file and its variants and streamed it:
 * about 1 ms of the server's CPU a file, and a cold signed-in page asks for some fifty at once,
 * while the server renders the page. The folder is a few megabytes, and never changes while the
 * server runs (a deployment is a new process).
 */
export class BuiltAssetStore {
  private readonly files: ReadonlySet<string>;
  private readonly loaded = new Map<string, Promise<BuiltAsset>>();

  constructor(private readonly root: string) {
    const folder = join(root, 'assets');
    const names = existsSync(folder) ? (readdirSync(folder, { recursive: true }) as string[]) : [];
    this.files = new Set(
      names
        .filter((name) => !name.endsWith('.br') && !name.endsWith('.gz') && extname(name) !== '')
        .map((name) => name.split(sep).join('/')),
    );
  }

  /** The file at a URL path under /assets/ (its query ignored), or undefined when the build has none there. */
  get(urlPath: string): Promise<BuiltAsset> | undefined {
    const name = (urlPath.split('?')[0] ?? '').slice(BUILT_ASSETS_PREFIX.length);
    if (!urlPath.startsWith(BUILT_ASSETS_PREFIX) || !this.files.has(name)) return undefined;
    let asset = this.loaded.get(name);
    if (!asset) {
      asset = this.read(name);
      this.loaded.set(name, asset);
      // A failed read (the file removed under a running server) is tried again next time.
      asset.catch(() => this.loaded.delete(name));
    }
    return asset;
  }

  private async read(name: string): Promise<BuiltAsset> {
    const file = join(this.root, 'assets', ...name.split('/'));
    const variant = (suffix: string) => readFile(`${file}${suffix}`).catch(() => undefined);
    const [identity, br, gzip] = await Promise.all([readFile(file), variant('.br'), variant('.gz')]);
    return {
      contentType: CONTENT_TYPES[extname(name).toLowerCase()] ?? 'application/octet-stream',
      identity,
      ...(br ? { br } : {}),
      ...(gzip ? { gzip } : {}),
    };
  }
}

const stores = new WeakMap<FastifyInstance, BuiltAssetStore>();

/** The store the app serves /assets/ from (registerBuiltAssets), for the server's own render to read too. */
export function builtAssetsOf(app: FastifyInstance): BuiltAssetStore | undefined {
  return stores.get(app);
}

/** The encodings the request accepts (q=0 excluded), by name. */
export function acceptedEncodings(request: FastifyRequest): Set<string> {
  const header = String(request.headers['accept-encoding'] ?? '');
  return new Set(
    header
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, quality]) => !/^\s*q=0(?:\.0*)?\s*$/u.test(quality ?? ''))
      .map(([name]) => (name ?? '').trim().toLowerCase()),
  );
}

/** The encoding to send: brotli, else gzip, where the client accepts it and the build wrote it. */
function chosenEncoding(request: FastifyRequest, asset: BuiltAsset): 'br' | 'gzip' | undefined {
  const accepted = acceptedEncodings(request);
  if (asset.br && accepted.has('br')) return 'br';
  if (asset.gzip && accepted.has('gzip')) return 'gzip';
  return undefined;
}

/**
 * Serves `root`/assets/ under /assets/ from memory (BuiltAssetStore), immutable, in the variant the
 * request accepts (Vary: Accept-Encoding). A name the build has not written, its variants' own
 * names included, goes to the not-found handler, as before.
 */
export function registerBuiltAssets(app: FastifyInstance, root: string): void {
  const store = new BuiltAssetStore(root);
  stores.set(app, store);
  app.get(
    `${BUILT_ASSETS_PREFIX}*`,
    { config: { access: { public: true } }, schema: { hide: true } },
    async (request: FastifyRequest, reply: FastifyReply) => {
      const found = store.get(request.url);
      if (!found) return reply.callNotFound();
      const asset = await found;
      const encoding = chosenEncoding(request, asset);
      if (encoding) reply.header('content-encoding', encoding);
      return reply
        .header('cache-control', IMMUTABLE)
        .header('vary', 'accept-encoding')
        .type(asset.contentType)
        .send(encoding === 'br' ? asset.br : encoding === 'gzip' ? asset.gzip : asset.identity);
    },
  );
}
