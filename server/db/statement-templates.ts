import { type Compilable, CompiledQuery } from 'kysely';

/**
 * Statements compiled once per shape (issue 25): a hot route builds the same Kysely statement on
 * every request, only its values differ, and building plus compiling cost more server CPU than
 * parsing the rows. Here the statement is built once with a stand-in (a slot) for each value,
 * compiled, and kept; a later call of the same shape gets the kept SQL with its own values put
 * where the slots went.
 *
 * The values are a flat record of scalars and arrays of scalars. What decides a statement's form
 * is part of its shape, taken from the values themselves: which are absent (undefined or null),
 * each array's length, and every falsy or boolean value, which is passed as itself (a builder may
 * test it) and so compiled in. Anything else a builder decides on (a sort, a branch, a day) the
 * caller names in `shape`. The builder reads values only from its argument, and must not reshape
 * them (format, split, compare): each slot has to reach the compiled parameters as it was given,
 * or the statement is refused as a programming error, never run with a wrong value.
 */
export type TemplateScalar = string | number | boolean | Date | null | undefined;
export type TemplateValues = Readonly<Record<string, TemplateScalar | readonly TemplateScalar[]>>;

/** Stands in for one value while a template is compiled. */
class Slot {
  constructor(readonly index: number) {}
}

interface Template {
  sql: string;
  /** Per parameter: the index of its value in the flattened values, or -1 for a constant kept from compiling. */
  sources: Int32Array;
  constants: readonly unknown[];
}

/** A value that goes in as a slot; the others are compiled in and named in the shape. */
const slotted = (value: TemplateScalar): boolean =>
  value !== undefined && value !== null && typeof value !== 'boolean' && value !== '' && value !== 0;

/** The shape of `values` (its keys in order, what is absent, array lengths, literal values) and its slotted values in order. */
function describe(values: TemplateValues): { shape: string; flat: unknown[] } {
  const flat: unknown[] = [];
  let shape = '';
  const part = (value: TemplateScalar): string => {
    if (!slotted(value)) return `=${JSON.stringify(value) ?? 'u'}`;
    flat.push(value);
    return '$';
  };
  for (const key in values) {
    const value = values[key];
    shape += `${key}${Array.isArray(value) ? `[${value.map(part).join(',')}]` : part(value as TemplateScalar)};`;
  }
  return { shape, flat };
}

/** The same record with each slotted value replaced by its slot, for building the template. */
function withSlots<V extends TemplateValues>(values: V): V {
  let index = 0;
  const slot = (value: TemplateScalar) => (slotted(value) ? new Slot(index++) : value);
  const result: Record<string, unknown> = {};
  for (const key in values) {
    const value = values[key];
    result[key] = Array.isArray(value) ? value.map(slot) : slot(value as TemplateScalar);
  }
  // The builder sees slots where it would see values: it only passes them on to Kysely.
  return result as V;
}

export class StatementTemplates {
  private readonly templates = new Map<string, Template>();

  /** Far above the shapes in use (lists × filters present × sorts × paging branch); reaching it only costs compiling again. */
  constructor(private readonly maxTemplates = 2_000) {}

  /** The compiled statement of `build(values)`, from the kept template of this shape when there is one. */
  compile<V extends TemplateValues, R>(shape: string, values: V, build: (values: V) => Compilable<R>): CompiledQuery<R> {
    const described = describe(values);
    const key = `${shape}|${described.shape}`;
    let template = this.templates.get(key);
    if (!template) {
      template = makeTemplate(build(withSlots(values)).compile(), described.flat.length, key);
      if (this.templates.size >= this.maxTemplates) this.templates.clear();
      this.templates.set(key, template);
    }
    const parameters = new Array<unknown>(template.sources.length);
    for (let at = 0; at < parameters.length; at += 1) {
      const source = template.sources[at]!;
      parameters[at] = source < 0 ? template.constants[at] : described.flat[source];
    }
    // A raw statement: the template's operation tree names the slots, and only plugins (none here) read it.
    return CompiledQuery.raw(template.sql, parameters) as CompiledQuery<R>;
  }

  get size(): number {
    return this.templates.size;
  }
}

function makeTemplate(compiled: CompiledQuery, slots: number, key: string): Template {
  const sources = new Int32Array(compiled.parameters.length);
  const seen = new Array<boolean>(slots).fill(false);
  compiled.parameters.forEach((parameter, at) => {
    if (parameter instanceof Slot) {
      sources[at] = parameter.index;
      seen[parameter.index] = true;
    } else sources[at] = -1;
  });
  if (seen.some((used) => !used)) {
    throw new Error(
      `statement template ${key}: a value did not reach the parameters as given (the builder used it for the statement's form)`,
    );
  }
  return { sql: compiled.sql, sources, constants: compiled.parameters };
}

/** The server's templates; each user names its statements in the shape (e.g. `invoices page|…`), so they never mix. */
export const statementTemplates = new StatementTemplates();
