import { createContext, lazy, Suspense, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Navigate, useLocation } from 'react-router';
import type { CurrentUser } from '@raahi/domain';
import { api, ApiError, setCompanyTimeZone, setCsrfToken, setUnauthorizedHandler, setUploadMaxBytes } from '../lib/api';

interface Session {
  user: CurrentUser;
  csrfToken: string;
  uploadMaxBytes: number;
  /** The company's time zone, which the server judges today by. */
  timeZone?: string;
}

interface AuthState {
  user: CurrentUser | null;
  loading: boolean;
  /** True after the user logged out (as opposed to a session that ran out). */
  loggedOut: boolean;
  login(username: string, password: string): Promise<CurrentUser>;
  logout(): Promise<void>;
  /** Takes the signed-in user as the server now answers it (after editing the profile or changing the password). */
  setUser(user: CurrentUser): void;
}

const AuthContext = createContext<AuthState | null>(null);
const SESSION_KEY = ['session'];

async function fetchSession(): Promise<Session | null> {
  try {
    return await api<Session>('/api/auth/me');
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return null;
    throw err;
  }
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const { data, isPending } = useQuery({ queryKey: SESSION_KEY, queryFn: fetchSession, staleTime: Infinity, retry: 1 });
  const [loggedOut, setLoggedOut] = useState(false);

  useEffect(() => {
    setCsrfToken(data?.csrfToken ?? null);
    setUploadMaxBytes(data?.uploadMaxBytes ?? null);
    setCompanyTimeZone(data?.timeZone);
  }, [data]);

  // Any 401 from the API means the session is gone: forget it, and the guard sends the user to /login.
  useEffect(() => {
    setUnauthorizedHandler(() => queryClient.setQueryData(SESSION_KEY, null));
    return () => setUnauthorizedHandler(null);
  }, [queryClient]);

  const login = useCallback(
    async (username: string, password: string) => {
      const session = await api<Session>('/api/auth/login', { method: 'POST', body: { username, password } });
      setCsrfToken(session.csrfToken);
      setUploadMaxBytes(session.uploadMaxBytes);
      setCompanyTimeZone(session.timeZone);
      setLoggedOut(false);
      queryClient.setQueryData(SESSION_KEY, session);
      return session.user;
    },
    [queryClient],
  );

  const logout = useCallback(async () => {
    try {
      await api('/api/auth/logout', { method: 'POST' });
    } finally {
      setCsrfToken(null);
      setLoggedOut(true);
      // Forget the session, and every record cached under it (the session query itself stays observed).
      queryClient.setQueryData(SESSION_KEY, null);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== SESSION_KEY[0] });
    }
  }, [queryClient]);

  const setUser = useCallback(
    (user: CurrentUser) => queryClient.setQueryData<Session | null>(SESSION_KEY, (session) => (session ? { ...session, user } : session)),
    [queryClient],
  );

  const value = useMemo(
    () => ({ user: data?.user ?? null, loading: isPending, loggedOut, login, logout, setUser }),
    [data, isPending, loggedOut, login, logout, setUser],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const state = useContext(AuthContext);
  if (!state) throw new Error('useAuth outside AuthProvider');
  return state;
}

// Loaded only when needed: its form (and the password rules) stay out of the first visit's scripts.
const PasswordChangeRequired = lazy(async () => ({ default: (await import('../features/account/password-change-required')).PasswordChangeRequired }));

/**
 * The login guard: signed-out visitors go to /login, which sends them back here after signing in
 * (but after a deliberate logout, the next sign-in starts at the dashboard).
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { user, loading, loggedOut } = useAuth();
  const location = useLocation();
  if (loading) return <div className="grid min-h-screen place-items-center text-sm text-muted-foreground">Loading...</div>;
  if (!user) return <Navigate to="/login" replace state={loggedOut ? null : { from: location.pathname + location.search }} />;
  // A password set by an administrator is changed first: the server refuses everything else until then.
  if (user.mustChangePassword) {
    return (
      <Suspense fallback={<div className="grid min-h-screen place-items-center text-sm text-muted-foreground">Loading...</div>}>
        <PasswordChangeRequired />
      </Suspense>
    );
  }
  return children;
}
