import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { AuthProvider } from '../lib/auth';
import { queryClient } from '../lib/query-client';
import { ThemeProvider } from '../lib/theme';

/** The toaster, loaded on its own once the page has loaded (lib/toast.ts). */
const ThemedToaster = lazy(() => import('./toaster'));

function LateToaster() {
  const [loaded, setLoaded] = useState(document.readyState === 'complete');
  useEffect(() => {
    if (loaded) return;
    const show = () => setLoaded(true);
    // The page may have finished loading between the first render and this effect.
    if (document.readyState === 'complete') return show();
    window.addEventListener('load', show, { once: true });
    return () => window.removeEventListener('load', show);
  }, [loaded]);
  return loaded ? (
    <Suspense fallback={null}>
      <ThemedToaster />
    </Suspense>
  ) : null;
}

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          {children}
          <LateToaster />
        </AuthProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
