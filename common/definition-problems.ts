/**
 * A definition check problem as a code and its values (issue 24): the check
 * (scripts/definitions) reports `definitions.<rule>` and the values the rule found; the developer's
 * command words it in English (scripts/definitions/problem-words.ts), the studio in the operator's
 * language (locales/<lang>/studio.json, `studio.definitions.*`). Both build the sentence here, so
 * the endings (what was meant, what is allowed, where a part is used) come in the same order.
 */
export type ProblemParams = Readonly<Record<string, string>>;

/** A code and its values: `definitions.notOneOf.field`, `{ name: 'poNumbr', of: 'GET /invoices', suggestion: 'poNumber' }`. */
export interface CodedProblem {
  code: string;
  params: ProblemParams;
}

/** What a sentence may end with, by the value that asks for it, in the order they are said. */
const ENDINGS: ReadonlyArray<readonly [param: string, ending: string]> = [
  ['suggestion', 'suggestion'],
  // `total`: the allowed names were cut to a dozen; the ending says how many there are.
  ['total', 'allowedMore'],
  ['allowed', 'allowed'],
  ['none', 'none'],
  ['usedBy', 'usedBy'],
];

const RULES = 'definitions.';

/**
 * The sentence of a problem: its rule's words, then its endings. `say` words a text key; the
 * endings are keys beside the rule's (`studio.definitions.notOneOf.field` ends with
 * `studio.definitions.suggestion`), so the same code works with or without the studio's namespace.
 * A code outside `definitions.` (the studio's texts and menus rules) has no endings.
 */
export function problemSentence(say: (code: string, params: ProblemParams) => string, { code, params }: CodedProblem): string {
  const at = code.indexOf(RULES);
  if (at < 0) return say(code, params);
  const base = code.slice(0, at + RULES.length);
  const endings = ENDINGS.filter(([param, ending]) => params[param] !== undefined && !(ending === 'allowed' && params.total !== undefined));
  return [say(code, params), ...endings.map(([, ending]) => say(`${base}${ending}`, params))].join('');
}
