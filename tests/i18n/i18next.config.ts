import type { I18nextToolkitConfig } from 'i18next-cli';
import { SHARED_I18NEXT_OPTIONS } from '../../common/i18next-options.ts';
import { LANGUAGES } from '../../common/locales.ts';

/**
 * i18next-cli's configuration: where the portal and the server call `t('namespace.path')`, and
 * where the texts are. tests/i18n/locales.test.ts (npm run i18n:check) runs its extractor over
 * it; `npx i18next-cli lint -c tests/i18n/i18next.config.ts` uses it too.
 */
export default {
  locales: [...LANGUAGES],
  extract: {
    input: ['engine/**/*.{ts,tsx}', 'plugins/**/*.{ts,tsx}', 'app/**/*.{ts,tsx}', 'studio/**/*.{ts,tsx}', 'server/**/*.ts'],
    ignore: ['**/*.test.ts', '**/*.test.tsx'],
    output: 'locales/{{language}}/{{namespace}}.json',
    primaryLanguage: 'en',
    // Our key form, as i18next is configured: "auth.login.title" is namespace auth, key login.title.
    nsSeparator: SHARED_I18NEXT_OPTIONS.nsSeparator,
    keySeparator: SHARED_I18NEXT_OPTIONS.keySeparator,
    defaultNS: false,
    // useText()'s t, the adapter's texts.t, and the server's fixed t (textsIn(language)).
    functions: ['t', '*.t'],
  },
} satisfies I18nextToolkitConfig;
