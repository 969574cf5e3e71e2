import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text files worth compressing; images other than SVG and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|map|webmanifest)$/;

/**
 * A variant is kept only when it saves at least this share of the file (Lighthouse's
 * text-compression audit ignores savings under 10%); otherwise the server sends the file as is.
 */
const MIN_SAVING = 0.1;

/** What `compressFiles` wrote, for the build log and the tests. */
export interface CompressedFile {
  file: string;
  bytes: number;
  br?: number;
  gzip?: number;
}

async function filesUnder(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

async function writeVariant(file: string, bytes: number, compressed: Buffer, extension: string): Promise<number | undefined> {
  if (compressed.length > bytes * (1 - MIN_SAVING)) return undefined;
  await writeFile(file + extension, compressed);
  return compressed.length;
}

/**
 * Writes `file.br` (brotli, quality 11) and `file.gz` (gzip, level 9) beside every compressible
 * file under `directory`. Maximum quality costs time once at build and nothing per request;
 * @fastify/static (`preCompressed`) then picks the variant the browser accepts.
 */
export async function compressFiles(directory: string): Promise<CompressedFile[]> {
  const files = (await filesUnder(directory)).filter((file) => COMPRESSIBLE.test(file));
  // zlib's asynchronous calls run on libuv's thread pool, so the files compress in parallel.
  return Promise.all(
    files.map(async (file) => {
      const content = await readFile(file);
      const [br, gz] = await Promise.all([
        brotli(content, {
          params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
        }),
        gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      return {
        file,
        bytes: content.length,
        br: await writeVariant(file, content.length, br, '.br'),
        gzip: await writeVariant(file, content.length, gz, '.gz'),
      };
    }),
  );
}

/**
 * Brotli and gzip variants of the built portal, made once the whole output is written (so
 * index.html and the files copied from public/ are included). A few lines over node:zlib rather
 * than a plugin package (vite-plugin-compression2 and the like): the need is only "both variants
 * at maximum quality", and the rule for which files get one stays beside the code that serves them.
 */
export function compressPlugin(): Plugin {
  let outDir = '';
  return {
    name: 'portal-compress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await compressFiles(outDir);
    },
  };
}
