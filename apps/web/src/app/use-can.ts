import { useMemo } from 'react';
import { can, hiddenFieldsOf, type Action } from '@raahi/domain';
import { useAuth } from './auth';

/**
 * What the signed-in user's role may do, from the roles matrix the server enforces: the web app shows only
 * the screens and controls a user may use (the server refuses the rest anyway).
 */
export function useCan() {
  const { user } = useAuth();
  const role = user?.role ?? '';
  return useMemo(
    () => ({
      role,
      can: (area: string, action: Action) => can(role, area, action),
      /** The fields of an area the role may not see (a driver's Aadhaar card without personal data). */
      hidden: (area: string) => hiddenFieldsOf(role, area),
    }),
    [role],
  );
}
