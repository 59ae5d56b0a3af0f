import { useQueryClient } from '@tanstack/react-query';
import { LayoutDashboard, LogOut, Settings } from 'lucide-react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { toast } from '../../lib/toast';
import { useAuth } from '../../lib/auth';
import { cn } from '../../lib/utils';
import { BrandMark } from '../brand-mark';
import { Button } from '../ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../ui/dropdown-menu';
import { ThemeMenu } from './theme-menu';

const navLinkClasses = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-md px-2 py-2 text-sm font-medium whitespace-nowrap transition-colors sm:px-3',
    isActive ? 'text-foreground' : 'text-muted-foreground hover:text-foreground',
  );

function AccountMenu({ email }: { email: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const signOut = async () => {
    // The auth client loads on demand: a signed-out visitor's pages do without it.
    const { authClient, authErrorMessage } = await import('../../lib/auth-client');
    const { error } = await authClient.signOut();
    if (error) {
      toast.error('Sign out failed', { description: authErrorMessage(error) });
      return;
    }
    queryClient.clear();
    navigate('/', { replace: true });
  };
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <button
          type="button"
          aria-label="Account menu"
          className="flex size-9 cursor-pointer items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground transition-opacity hover:opacity-90"
        >
          {email.charAt(0).toUpperCase()}
        </button>
      </DropdownMenuTrigger>
      <DropdownMenuContent className="w-60">
        <DropdownMenuLabel className="truncate text-sm text-foreground">{email}</DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => navigate('/dashboard')}>
          <LayoutDashboard aria-hidden="true" className="size-4" />
          Dashboard
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => navigate('/settings')}>
          <Settings aria-hidden="true" className="size-4" />
          Settings
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void signOut()}>
          <LogOut aria-hidden="true" className="size-4" />
          Sign out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** The header of every page (SPEC §2). */
export function Header() {
  const { user, isLoading } = useAuth();
  const onLogin = useLocation().pathname === '/login';
  return (
    <header className="sticky top-0 z-40 border-b border-border bg-background/80 backdrop-blur-md">
      <div className="mx-auto flex h-16 w-full max-w-6xl items-center gap-2 px-4 sm:px-6">
        <Link
          to="/"
          className="mr-1 flex shrink-0 items-center gap-2 rounded-md text-lg font-bold tracking-tight sm:mr-2"
        >
          <BrandMark />
          {/* Phones keep the mark alone so the signed-in nav fits; the name stays for readers. */}
          <span className="max-sm:sr-only">Mnemo</span>
        </Link>
        <nav aria-label="Main" className="flex min-w-0 items-center">
          <NavLink to="/" end className={navLinkClasses}>
            Home
          </NavLink>
          {user ? (
            <>
              <NavLink to="/dashboard" className={navLinkClasses}>
                Dashboard
              </NavLink>
              <NavLink to="/stats" className={navLinkClasses}>
                Statistics
              </NavLink>
            </>
          ) : null}
        </nav>
        <div className="ml-auto flex items-center gap-2">
          <ThemeMenu />
          {isLoading ? (
            <span aria-hidden="true" className="size-9 rounded-full bg-muted" />
          ) : user ? (
            <AccountMenu email={user.email} />
          ) : onLogin ? null : (
            // Not on /login itself: the page is the sign-in.
            <Button asChild size="sm">
              <Link to="/login">Sign In</Link>
            </Button>
          )}
        </div>
      </div>
    </header>
  );
}
