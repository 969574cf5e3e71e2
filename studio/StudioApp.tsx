import { MantineProvider } from '@mantine/core';
import { useMemo, useState } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { pageStyleNonce } from '../engine/runtime/csp-nonce.ts';
import { contrastVariables, themeFor } from '../engine/theme/theme.ts';
import type { Texts } from '../engine/i18n/i18next-texts.ts';
import { TextsProvider } from '../engine/i18n/use-text.ts';
import { OperatorContext, type Operator } from './operator.ts';
import { SignInPage } from './SignInPage.tsx';
import { StudioFrame } from './StudioFrame.tsx';
import { TenantList } from './TenantList.tsx';
import { TenantPage } from './tenant/TenantPage.tsx';

/**
 * The texts the studio shows: its own, the diff's words and rule-set names, API errors, the
 * portal's common ones (roles, language), its application centre's field names and its list words
 * (pages, ranges, search), which the applications list shares.
 */
export const STUDIO_NAMESPACES = ['common', 'errors', 'studio', 'studioUi', 'applications', 'table'] as const;

/** The studio: the portal's texts and UI kit, its own operator session and routes under /studio. */
export function StudioApp({ texts, operator: initial }: { texts: Texts; operator: Operator | null }) {
  const [operator, setOperator] = useState(initial);
  const state = useMemo(() => ({ operator, setOperator }), [operator]);
  const theme = useMemo(() => themeFor(null), []);
  const styleNonce = useMemo(pageStyleNonce, []);
  return (
    <TextsProvider texts={texts}>
      <MantineProvider theme={theme} cssVariablesResolver={contrastVariables} {...(styleNonce ? { getStyleNonce: () => styleNonce } : {})}>
        <OperatorContext value={state}>
          <BrowserRouter>
            <StudioFrame>
              {operator ? (
                <Routes>
                  <Route path="/studio/tenants/:tenantId" element={<TenantPage />} />
                  <Route path="*" element={<TenantList />} />
                </Routes>
              ) : (
                <SignInPage />
              )}
            </StudioFrame>
          </BrowserRouter>
        </OperatorContext>
      </MantineProvider>
    </TextsProvider>
  );
}
