/**
 * A problem the definition check found: the file, the JSON pointer inside it and what is wrong,
 * with what is allowed. Printed as "screens/invoice-list.json /body/5/columns/3/field: …".
 */
export interface Problem {
  file: string;
  pointer: string;
  message: string;
}

export function formatProblem({ file, pointer, message }: Problem): string {
  return `${file} ${pointer || '/'}: ${message}`;
}

/** Edit distance (insertions, deletions, substitutions), case-insensitive: `invoiceIdd` → `invoiceId` is 1. */
export function editDistance(a: string, b: string): number {
  const left = a.toLowerCase();
  const right = b.toLowerCase();
  let previous = Array.from({ length: right.length + 1 }, (_, index) => index);
  for (let i = 1; i <= left.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= right.length; j += 1) {
      const substitution = previous[j - 1]! + (left[i - 1] === right[j - 1] ? 0 : 1);
      current.push(Math.min(previous[j]! + 1, current[j - 1]! + 1, substitution));
    }
    previous = current;
  }
  return previous[right.length]!;
}

/**
 * The allowed name nearest to a wrong one, when it is near enough to be the one meant (a third
 * of the name's length, at least 2 edits): a suggestion that is far off only misleads.
 */
export function closest(name: string, allowed: Iterable<string>): string | undefined {
  let best: { candidate: string; distance: number } | undefined;
  for (const candidate of allowed) {
    const distance = editDistance(name, candidate);
    if (!best || distance < best.distance) best = { candidate, distance };
  }
  return best && best.distance <= Math.max(2, Math.floor(name.length / 3)) ? best.candidate : undefined;
}

/** How many allowed names a message lists before it stops: the suggestion matters more than the list. */
const LISTED = 12;

/**
 * "`invoiceIdd` is not a field of GET /invoices; did you mean `invoiceId`?" — with the allowed
 * names listed instead when none is close (up to a dozen).
 */
export function notOneOf(name: string, what: string, allowed: Iterable<string>): string {
  const names = [...new Set(allowed)].sort();
  const suggestion = closest(name, names);
  if (suggestion) return `\`${name}\` is not ${what}; did you mean \`${suggestion}\`?`;
  if (names.length === 0) return `\`${name}\` is not ${what} (there are none)`;
  const listed = names.slice(0, LISTED).map((candidate) => `\`${candidate}\``).join(', ');
  return `\`${name}\` is not ${what}; allowed: ${listed}${names.length > LISTED ? `, … (${names.length} in all)` : ''}`;
}
