import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { useAfterFirstPaint } from '../lib/after-paint';
import { AuthProvider } from '../lib/auth';
import { queryClient } from '../lib/query-client';
import { whenToastWanted } from '../lib/toast';
import { ThemeProvider } from '../lib/theme';

/** The toaster, loaded on its own once the page has painted (lib/toast.ts queues till then). */
const ThemedToaster = lazy(() => import('./toaster'));

function LateToaster() {
  const painted = useAfterFirstPaint();
  const [wanted, setWanted] = useState(false);
  useEffect(() => whenToastWanted(() => setWanted(true)), []);
  return painted || wanted ? (
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
