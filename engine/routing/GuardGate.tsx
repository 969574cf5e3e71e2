import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { decideGuard, LOGIN_PATH, type GuardDefinition } from '../../domain/route-guards.ts';
import { signInPath } from '../../domain/return-path.ts';
import { usePortalAbility } from '../policy/AbilityProvider.tsx';
import { useSession } from '../session/store.ts';
import { guardContextOf } from './screen-guard.ts';
import { usePortalPath } from './navigation.ts';

/**
 * A guard's rules beyond signing in (spec §5: user type, role, flags, the policy, a chosen
 * customer or merchant): its children, or a redirect that keeps the prefix the user came in
 * with (spec §2). Out of the entry: the signed-in frame's chunk carries it (shell/Shell.tsx), and
 * a page outside the frame loads it only when a tenant guards it.
 */
export default function GuardGate({ guard, children }: { guard: GuardDefinition; children: ReactNode }) {
  const session = useSession((state) => state);
  const ability = usePortalAbility();
  const location = useLocation();
  const portalPath = usePortalPath();
  const decision = decideGuard(guard, guardContextOf(session, ability));
  if (!decision.allow) {
    const from = location.pathname + location.search + location.hash;
    // Refused outright (spec §5: to the sign-in page): say so, and come back once signed in as a
    // user who may open it (issue 26 defect 3). A missing customer or merchant is chosen first.
    if (decision.redirect === LOGIN_PATH) {
      return <Navigate to={portalPath(signInPath(from, decision.reason === 'unauthenticated' ? null : 'noAccess'))} replace />;
    }
    return <Navigate to={portalPath(decision.redirect)} replace state={{ from, reason: decision.reason }} />;
  }
  return children;
}
