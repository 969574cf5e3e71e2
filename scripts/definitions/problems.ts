import { problemSentence, type ProblemParams } from '../../common/definition-problems.ts';
import { englishWords, type ProblemCode } from './problem-words.ts';

/** What is wrong, as a code and its values (problem-words.ts): the studio words it in the operator's language. */
export interface ProblemWords {
  code: ProblemCode;
  params: ProblemParams;
}

/**
 * A problem the definition check found: the file, the JSON pointer inside it and what is wrong,
 * with what is allowed. Printed as "screens/invoice-list.json /body/5/columns/3/field: …".
 */
export interface Problem extends ProblemWords {
  file: string;
  pointer: string;
}

/** The developer's English sentence of a problem. */
export function problemMessage(problem: ProblemWords): string {
  return problemSentence(englishWords, problem);
}

export function formatProblem(problem: Problem): string {
  return `${problem.file} ${problem.pointer || '/'}: ${problemMessage(problem)}`;
}

/** A problem's words without where it is, to tell one problem from another (the same words at the same place are one). */
export function problemKey({ code, params }: ProblemWords): string {
  return `${code} ${JSON.stringify(params)}`;
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

/** What notOneOf's name should have been: a `definitions.notOneOf.*` code. */
export type NotOneOfCode = Extract<ProblemCode, `definitions.notOneOf.${string}`>;

/**
 * "`invoiceIdd` is not a field of GET /invoices; did you mean `invoiceId`?" — with the allowed
 * names listed instead when none is close (up to a dozen). `what` is the code of what the name
 * should have been, `params` its values (`of`: the operation, form or widget).
 */
export function notOneOf(name: string, what: NotOneOfCode, allowed: Iterable<string>, params: ProblemParams = {}): ProblemWords {
  const names = [...new Set(allowed)].sort();
  const suggestion = closest(name, names);
  const own = { ...params, name };
  if (suggestion) return { code: what, params: { ...own, suggestion } };
  if (names.length === 0) return { code: what, params: { ...own, none: 'true' } };
  const listed = names
    .slice(0, LISTED)
    .map((candidate) => `\`${candidate}\``)
    .join(', ');
  return { code: what, params: { ...own, allowed: listed, ...(names.length > LISTED ? { total: String(names.length) } : {}) } };
}
