import {
  createContext,
  type ReactNode,
  useContext,
  useEffect,
  useMemo,
  useSyncExternalStore,
} from 'react';
import { useLocation, useNavigate } from 'react-router';
import { LoadingMessage } from '../components/ui/spinner';
import type { AuthSession, AuthUser } from './auth-client';
import { loadSession, sessionStore } from './session-store';

interface AuthContextValue {
  user: AuthUser | null;
  session: AuthSession['session'] | null;
  /** True until the first session check has answered. */
  isLoading: boolean;
  refetch: () => Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

/** The auth state of SPEC §4: loading first, then a session or none; follows sign-in/out. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const { data, isPending } = useSyncExternalStore(sessionStore.subscribe, sessionStore.get);
  useEffect(() => {
    void loadSession();
  }, []);
  const value = useMemo<AuthContextValue>(
    () => ({
      user: data?.user ?? null,
      session: data?.session ?? null,
      isLoading: isPending,
      refetch: loadSession,
    }),
    [data, isPending],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth must be used within an AuthProvider');
  return context;
}

/** Route guard (SPEC §2): 'Loading...' while the session loads, /login?returnTo=… without one. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { user, isLoading } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    if (!isLoading && !user) {
      navigate(`/login?returnTo=${encodeURIComponent(location.pathname + location.search)}`, {
        replace: true,
      });
    }
  }, [isLoading, user, location.pathname, location.search, navigate]);

  if (isLoading || !user) return <LoadingMessage fullScreen />;
  return <>{children}</>;
}
