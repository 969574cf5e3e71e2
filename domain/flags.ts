export type FeatureFlags = Readonly<Record<string, boolean | undefined>>;

/**
 * spec §5: a flag passes when it is true; a flag whose name ends in `enabled`
 * also passes when its `disabled` twin is explicitly false.
 * flagOn({ cards_disabled: false }, 'cards_enabled') === true
 */
export function flagOn(flags: FeatureFlags, name: string): boolean {
  if (flags[name] === true) return true;
  if (name.endsWith('enabled')) {
    const twin = `${name.slice(0, -'enabled'.length)}disabled`;
    return flags[twin] === false;
  }
  return false;
}

/** Flags as definition bindings see them, with the twin rule: x_disabled: false reads as x_enabled: true. */
export function flagBindings(flags: FeatureFlags): Record<string, boolean> {
  const names = Object.keys(flags).map((name) => name.replace(/disabled$/, 'enabled'));
  return Object.fromEntries([...Object.keys(flags), ...names].map((name) => [name, flagOn(flags, name)]));
}
