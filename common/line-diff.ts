/**
 * A unified line diff (the `diff -u` format without file headers) of two texts, for the studio's
 * QA snapshots (issue 24): removed lines start with "-", added with "+", unchanged context with
 * " ", and each hunk with "@@ -start,count +start,count @@". Unchanged runs longer than twice the
 * context are left out between hunks. Equal texts give an empty diff.
 */
const DEFAULT_CONTEXT = 3;

type Step = { kind: ' ' | '-' | '+'; line: string; before: number; after: number };

/** The edit script by longest common subsequence, after the common start and end are set aside (snapshots differ in few lines). */
function steps(before: readonly string[], after: readonly string[]): Step[] {
  let head = 0;
  while (head < before.length && head < after.length && before[head] === after[head]) head += 1;
  let tail = 0;
  while (tail < before.length - head && tail < after.length - head && before[before.length - 1 - tail] === after[after.length - 1 - tail])
    tail += 1;
  const a = before.slice(head, before.length - tail);
  const b = after.slice(head, after.length - tail);
  // lengths[i * (b.length + 1) + j]: the longest common subsequence of a[i..] and b[j..].
  const width = b.length + 1;
  const lengths = new Uint32Array((a.length + 1) * width);
  for (let i = a.length - 1; i >= 0; i -= 1)
    for (let j = b.length - 1; j >= 0; j -= 1)
      lengths[i * width + j] =
        a[i] === b[j] ? lengths[(i + 1) * width + j + 1]! + 1 : Math.max(lengths[(i + 1) * width + j]!, lengths[i * width + j + 1]!);
  const result: Step[] = [];
  for (let k = 0; k < head; k += 1) result.push({ kind: ' ', line: before[k]!, before: k, after: k });
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      result.push({ kind: ' ', line: a[i]!, before: head + i, after: head + j });
      i += 1;
      j += 1;
    } else if (i < a.length && (j === b.length || lengths[(i + 1) * width + j]! >= lengths[i * width + j + 1]!)) {
      // Removals before additions, as diff -u lists them.
      result.push({ kind: '-', line: a[i]!, before: head + i, after: head + j });
      i += 1;
    } else {
      result.push({ kind: '+', line: b[j]!, before: head + i, after: head + j });
      j += 1;
    }
  }
  for (let k = tail; k > 0; k -= 1)
    result.push({ kind: ' ', line: before[before.length - k]!, before: before.length - k, after: after.length - k });
  return result;
}

const splitLines = (text: string) => (text === '' ? [] : text.replace(/\n$/, '').split('\n'));

export function unifiedLineDiff(before: string, after: string, context = DEFAULT_CONTEXT): string {
  const script = steps(splitLines(before), splitLines(after));
  const changed = script.flatMap((step, index) => (step.kind === ' ' ? [] : [index]));
  if (changed.length === 0) return '';
  // Hunks: runs of changes whose gaps of unchanged lines are at most twice the context.
  const hunks: Array<[number, number]> = [];
  for (const index of changed) {
    const last = hunks.at(-1);
    if (last && index - last[1] <= 2 * context + 1) last[1] = index;
    else hunks.push([index, index]);
  }
  const out: string[] = [];
  for (const [first, last] of hunks) {
    const from = Math.max(0, first - context);
    const to = Math.min(script.length - 1, last + context);
    const part = script.slice(from, to + 1);
    const beforeCount = part.filter((step) => step.kind !== '+').length;
    const afterCount = part.filter((step) => step.kind !== '-').length;
    const start = script[from]!;
    // As in diff -u: an empty side starts at the line before it.
    out.push(`@@ -${start.before + (beforeCount ? 1 : 0)},${beforeCount} +${start.after + (afterCount ? 1 : 0)},${afterCount} @@`);
    for (const step of part) out.push(`${step.kind}${step.line}`);
  }
  return `${out.join('\n')}\n`;
}
