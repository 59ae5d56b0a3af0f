import { type ReactNode, useRef } from 'react';
import { Outlet } from 'react-router';
import { useFocusHeadingOnNavigate } from '../../lib/page-title';
import { Header } from './header';

/**
 * `notices`: banners under the header for the signed-in user (e.g. 'Confirm your e-mail'). They
 * sit inside `main`, so when they appear with the page they push nothing that was already shown.
 */
export function RootLayout({ notices }: { notices?: ReactNode }) {
  const main = useRef<HTMLElement>(null);
  useFocusHeadingOnNavigate(main);
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-primary px-3 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <Header />
      <main ref={main} id="main" className="flex flex-1 flex-col">
        {notices}
        <Outlet />
      </main>
      <footer className="border-t border-border">
        <div className="mx-auto flex w-full max-w-6xl flex-col items-center justify-between gap-2 px-4 py-6 text-sm text-muted-foreground sm:flex-row sm:px-6">
          <p>© {new Date().getFullYear()} Mnemo</p>
          <p>Learn anything, remember everything.</p>
        </div>
      </footer>
    </div>
  );
}
