import { startsFormula } from '../csv/export.ts';

/**
 * CSV injection (OWASP "CSV Injection"): a spreadsheet opening a downloaded CSV runs a cell that
 * starts with = + - @ (or a tab or carriage return before one) as a formula. Every such cell gets
 * a leading single quote, which spreadsheets take as "text" and do not show. Negative numbers
 * get it too: the rule has no exceptions, so no cleverly shaped value slips through.
 */
const CANDIDATE_DELIMITERS = [',', ';', '\t'] as const;
/** UTF-8's byte order mark, as the three latin1 characters the bytes decode to. */
const UTF8_BOM = '\u00ef\u00bb\u00bf';

/** The delimiter the first record uses most (outside quotes); a comma if it uses none. */
export function detectDelimiter(text: string): string {
  const counts = new Map<string, number>();
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && (CANDIDATE_DELIMITERS as readonly string[]).includes(char)) counts.set(char, (counts.get(char) ?? 0) + 1);
  }
  let best = ',';
  for (const delimiter of CANDIDATE_DELIMITERS) if ((counts.get(delimiter) ?? 0) > (counts.get(best) ?? 0)) best = delimiter;
  return best;
}

/**
 * The CSV with every formula-starting cell prefixed by a single quote (inside the quotes of a
 * quoted cell). Everything else, line endings and malformed quoting included, passes unchanged.
 * Works on text decoded as latin1, so any ASCII-compatible encoding (UTF-8, Windows-1252) keeps
 * its bytes: all characters it looks at are ASCII.
 */
export function neutraliseCsv(text: string): string {
  const bom = text.startsWith(UTF8_BOM) ? UTF8_BOM : '';
  const body = text.slice(bom.length);
  const delimiter = detectDelimiter(body);
  const endsCell = (char: string | undefined) => char === delimiter || char === '\n' || char === '\r';
  let out = bom;
  let index = 0;
  while (index < body.length) {
    if (body[index] === '"') {
      let close = index + 1;
      let content = '';
      while (close < body.length) {
        if (body[close] === '"') {
          if (body[close + 1] !== '"') break;
          content += '"';
          close += 2;
          continue;
        }
        content += body[close];
        close += 1;
      }
      out += startsFormula(content) ? `"'${body.slice(index + 1, close)}` : body.slice(index, close);
      index = close;
    } else {
      let end = index;
      while (end < body.length && !endsCell(body[end])) end += 1;
      if (startsFormula(body.slice(index, end))) out += "'";
    }
    // The rest of the cell (a closing quote, or the unquoted content) up to its delimiter or line end.
    let end = index;
    while (end < body.length && !endsCell(body[end])) end += 1;
    out += body.slice(index, end);
    if (end >= body.length) break;
    const separator = body[end] === '\r' && body[end + 1] === '\n' ? '\r\n' : (body[end] as string);
    out += separator;
    index = end + separator.length;
  }
  return out;
}

/** The bytes of a CSV document, neutralised (see neutraliseCsv). */
export function neutraliseCsvBytes(bytes: Buffer): Buffer {
  return Buffer.from(neutraliseCsv(bytes.toString('latin1')), 'latin1');
}
