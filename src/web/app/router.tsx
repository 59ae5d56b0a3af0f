import { lazy, Suspense } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { RouteError } from '../components/errors/route-error';
import { RootLayout } from '../components/layouts/root-layout';
import { LoadingMessage } from '../components/ui/spinner';
import { AccountNotices } from '../features/auth/components/account-notices';
import { useAfterFirstPaint } from '../lib/after-paint';
import { useAuth } from '../lib/auth';
import { UpdatePrompt } from '../features/offline/update-prompt';
import { LandingRoute } from './routes/landing';
import { NotFoundRoute } from './routes/not-found';

/** Sends waiting answers and refreshes kept decks: its own chunk (it holds the scheduler). */
const OfflineKeeper = lazy(() =>
  import('../features/offline/offline-keeper').then(({ OfflineKeeper }) => ({
    default: OfflineKeeper,
  })),
);

/** Only for a signed-in user: a signed-out visitor's page does not load the scheduler. */
function KeepOffline() {
  const { user } = useAuth();
  const painted = useAfterFirstPaint();
  return user && painted ? (
    <Suspense fallback={null}>
      <OfflineKeeper />
    </Suspense>
  ) : null;
}

/** The route table of SPEC §2 (plus /settings). Screens past the landing page load on demand. */
const router = createBrowserRouter([
  {
    element: (
      <RootLayout
        notices={
          <>
            <AccountNotices />
            <UpdatePrompt />
            <KeepOffline />
          </>
        }
      />
    ),
    errorElement: <RouteError />,
    hydrateFallbackElement: <LoadingMessage fullScreen />,
    children: [
      { path: '/', element: <LandingRoute /> },
      { path: '/login', lazy: () => import('./routes/login') },
      { path: '/signup', lazy: () => import('./routes/login') },
      { path: '/forgot-password', lazy: () => import('./routes/forgot-password') },
      { path: '/auth/callback', lazy: () => import('./routes/auth-callback') },
      { path: '/auth/reset-password', lazy: () => import('./routes/reset-password') },
      { path: '/dashboard', lazy: () => import('./routes/dashboard') },
      { path: '/deck/:deckId', lazy: () => import('./routes/deck') },
      { path: '/deck/:deckId/learn', lazy: () => import('./routes/learn') },
      { path: '/deck/:deckId/review/:jobId', lazy: () => import('./routes/review') },
      { path: '/stats', lazy: () => import('./routes/stats') },
      { path: '/settings', lazy: () => import('./routes/settings') },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
