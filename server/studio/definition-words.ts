/**
 * The definition check's problems in the operator's language (issue 24). The check
 * (scripts/definitions) writes English sentences for developers; the studio reads each back into a
 * rule key and its values (locales/<lang>/studio.json `definitions.*`) and says it in the
 * operator's language. A sentence no pattern knows reads as `definitions.other` with the English
 * detail (tests/definitions/studio-words.test.ts holds every shape the rules write).
 */
import { textsIn } from '../i18n/locale-text.ts';

export interface ProblemWords {
  /** The rule's key under studio.definitions. */
  code: string;
  values: Record<string, string>;
}

type Pattern = [code: string, pattern: RegExp, names: readonly string[]];

/** Sentences of the rules, most specific first; each capture is a value named in `names`. */
const SENTENCES: readonly Pattern[] = [
  [
    'unknownTextNamespace',
    /^`(.*)` is not a text key: `(.*)` is no namespace of locales\/en(?:; did you mean `(.*)`\?)?$/s,
    ['key', 'namespace', 'suggestion'],
  ],
  ['unknownText', /^`(.*)` is not a text of locales\/en\/(.+)\.json(?:; did you mean `(.*)`\?)?$/s, ['key', 'namespace', 'suggestion']],
  ['notAcceptedValue', /^`(.*)` is not a value (\S+) of (.+) accepts \((.*)\)$/s, ['value', 'name', 'of', 'allowed']],
  ['wrongScreen', /^`(.*)` is not the screen (.+) opens, which is `(.*)`$/s, ['screen', 'path', 'opened']],
  ['keyColumnHidden', /^`(.*)` is a key column: it may not be hidden by default/s, ['field']],
  [
    'noKeyColumn',
    /^no column has "priority": "key"; mark the identifiers and amounts \(of (.*)\) that must never be clipped$/s,
    ['fields'],
  ],
  ['keyColumnsConditional', /^every key column has a `when`: some users would see no key column; leave one of (.*) to everyone$/s, ['fields']],
  ['nobodyCanOpen', /^no user type \((.*)\), role and flags pass this guard/s, ['userTypes']],
  ['opensNoScreen', /^`(.*)` opens no screen(?:; did you mean `(.*)`\?)?$/s, ['path', 'suggestion']],
  ['noSuchScreen', /^`(.*)` is no screen's id$/s, ['id']],
  ['duplicatePath', /^`(.*)` is also the path of (.+); two screens cannot share a path$/s, ['path', 'other']],
  ['noForm', /^`(.*)` reads a form, but no form encloses it$/s, ['path']],
  ['nothingProvides', /^`(.*)` reads (.+), but nothing here provides one$/s, ['path', 'root']],
];

/** notOneOf's "`name` is not WHAT…": what the name should have been, by the rule's words. */
const WHATS: readonly Pattern[] = [
  ['bodyField', /^a field of (.+)'s request body$/, ['of']],
  ['formField', /^a field of form (.+)$/, ['of']],
  ['field', /^a field of (.+)$/, ['of']],
  ['pathParameter', /^a parameter of the path (.+)$/, ['of']],
  ['linkQuery', /^a query parameter any link to (.+) passes$/, ['of']],
  ['queryParameter', /^a query parameter of (.+)$/, ['of']],
  ['filter', /^a filter of (.+)$/, ['of']],
  ['sort', /^a sort (.+) offers$/, ['of']],
  ['flag', /^a flag any tenant defines(?: or the policy gates on)?$/, []],
  ['ruleSet', /^a rule set of the policy$/, []],
  ['subject', /^a CASL subject of the policy$/, []],
  ['role', /^a role of permissions\/policy\.json$/, []],
  ['userType', /^a user type$/, []],
  ['bindingRoot', /^a binding root$/, []],
  ['plugin', /^a plugin plugins\/index\.ts registers$/, []],
  ['apiPath', /^a GET path of the API$/, []],
  ['part', /^a part of screens\/parts$/, []],
  ['widgetProperty', /^a property of the (\S+) widget$/, ['of']],
  ['actionProperty', /^a property of the (\S+) action$/, ['of']],
  ['property', /^a property here$/, []],
  ['value', /^allowed here$/, []],
];

const NOT_ONE_OF = /^`(.*)` is not (.+?)(?:; did you mean `(.*)`\?|; allowed: (.+)| \(there are none\))?$/s;

function matchOf(patterns: readonly Pattern[], text: string): ProblemWords | undefined {
  for (const [code, pattern, names] of patterns) {
    const match = pattern.exec(text);
    if (match)
      return {
        code,
        values: Object.fromEntries(names.flatMap((name, index) => (match[index + 1] === undefined ? [] : [[name, match[index + 1]!]]))),
      };
  }
  return undefined;
}

/** A problem's sentence as its rule key and values; `usedBy` when a part holds it for a screen. */
export function problemWords(message: string): ProblemWords {
  const usedBy = / \(used by ([^)]*)\)$/.exec(message);
  const sentence = usedBy ? message.slice(0, usedBy.index) : message;
  const extra: Record<string, string> = usedBy ? { usedBy: usedBy[1]! } : {};
  const fixed = matchOf(SENTENCES, sentence);
  if (fixed) return { code: fixed.code, values: { ...fixed.values, ...extra } };
  const notOneOf = NOT_ONE_OF.exec(sentence);
  const what = notOneOf && matchOf(WHATS, notOneOf[2]!);
  if (notOneOf && what) {
    const [, name, , suggestion, allowed] = notOneOf;
    const none = sentence.endsWith(' (there are none)');
    return {
      code: `notOneOf.${what.code}`,
      values: {
        name: name!,
        ...what.values,
        ...(suggestion ? { suggestion } : {}),
        ...(allowed ? { allowed } : {}),
        ...(none ? { none: 'true' } : {}),
        ...extra,
      },
    };
  }
  return { code: 'other', values: { detail: sentence, ...extra } };
}

/** The sentence in `language`: the rule's words, then what was meant, what is allowed, and where a part is used. */
export function problemText(language: string, { code, values }: ProblemWords): string {
  const t = textsIn(language);
  return [
    t(`studio.definitions.${code}`, values),
    values.suggestion ? t('studio.definitions.suggestion', values) : '',
    values.allowed ? t('studio.definitions.allowed', values) : '',
    values.none ? t('studio.definitions.none') : '',
    values.usedBy ? t('studio.definitions.usedBy', values) : '',
  ].join('');
}
