/**
 * Lighthouse's text-compression audit (`uses-text-compression`) run on one page of the real
 * server: every text response over 1.4 KB that compression would shrink by 10% or more must
 * arrive compressed. Only that audit runs, without throttling, so a page takes seconds.
 */
import { runLighthouse } from './lighthouse.ts';

export interface AuditResult {
  url: string;
  passed: boolean;
  score: number | null;
  offenders: Array<{ url: string; wastedBytes: number }>;
}

/** Audits each URL; `cookie` signs the requests in. */
export async function auditTextCompression(urls: string[], cookie?: string): Promise<AuditResult[]> {
  const reports = await runLighthouse(
    urls.map((url) => ({ url, ...(cookie ? { cookie } : {}) })),
    {
      onlyAudits: ['uses-text-compression'],
      formFactor: 'desktop',
      screenEmulation: { disabled: true },
      throttlingMethod: 'provided',
    },
  );
  return reports.map((report, index) => {
    const url = urls[index]!;
    const audit = report.audits['uses-text-compression'];
    if (!audit) throw new Error(`Lighthouse returned no text-compression audit for ${url}`);
    const items = (audit.details as { items?: Array<{ url: string; wastedBytes: number }> } | undefined)?.items ?? [];
    return {
      url,
      score: audit.score,
      passed: audit.score === 1 && items.length === 0,
      offenders: items.map(({ url: offender, wastedBytes }) => ({ url: offender, wastedBytes })),
    };
  });
}
