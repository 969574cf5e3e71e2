/** spec §5 twin rule (domain/flags.ts flagOn): `x_enabled` and `x_disabled` name one flag, so either spelling is known. */
export function withTwins(flags: Iterable<string>): string[] {
  const twins = [...flags].flatMap((flag) => [flag, flag.replace(/_enabled$/, '_disabled'), flag.replace(/_disabled$/, '_enabled')]);
  return [...new Set(twins)].sort();
}
