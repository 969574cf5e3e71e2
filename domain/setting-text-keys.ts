/**
 * The text keys that name a tenant setting (issue 24), shared by the studio's settings form
 * (studio/tenant/settings-ui-schema.ts) and the diff's words (server/studio/describe.ts), so a
 * setting reads the same in both. A setting's label is `studio.settings.<path>`, its help
 * `studio.settingsHelp.<path>`. A setting with settings under it (an object, or a list of objects,
 * whose item fields follow its own path) is an object in i18next's nesting too, so its own text
 * sits in a sub-key: `_label`, `_help`; property names never start with `_`.
 *
 * settingTextKeys(['limits', 'loginLock'], true).label === 'studio.settings.limits.loginLock._label'
 */
export function settingTextKeys(path: readonly string[], branch: boolean): { label: string; help: string } {
  const at = path.join('.');
  return branch
    ? { label: `studio.settings.${at}._label`, help: `studio.settingsHelp.${at}._help` }
    : { label: `studio.settings.${at}`, help: `studio.settingsHelp.${at}` };
}
