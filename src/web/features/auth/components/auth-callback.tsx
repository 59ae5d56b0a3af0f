import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { LoadingMessage } from '../../../components/ui/spinner';
import { useAuth } from '../../../lib/auth';
import { toast } from '../../../lib/toast';
import { clearStoredReturnTo, navigateToReturnTo, resolveReturnTo } from '../utils/return-to';
import { readUrlError, readUrlParam } from '../utils/url-params';

/** /auth/callback (SPEC §2): where OAuth, magic-link and e-mail confirmation links land. */
export function AuthCallback() {
  const location = useLocation();
  const navigate = useNavigate();
  const { user, isLoading } = useAuth();

  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const error = readUrlError(location);
    const returnTo = resolveReturnTo(params);
    if (error) {
      const query = new URLSearchParams({ error_description: error, returnTo });
      navigate(`/login?${query.toString()}`, { replace: true });
      return;
    }
    if (readUrlParam('type', location) === 'recovery') {
      const query = new URLSearchParams({ returnTo });
      const token = readUrlParam('token', location);
      if (token) query.set('token', token);
      navigate(`/auth/reset-password?${query.toString()}`, { replace: true });
      return;
    }
    if (isLoading) return;
    if (user) {
      // A confirmation link: say that it worked (the banner asking for it is gone).
      if (params.get('confirmed') === '1' && user.emailVerified) {
        toast.success('E-mail confirmed', {
          description: `${user.email} is confirmed. Thank you!`,
        });
      }
      clearStoredReturnTo();
      navigateToReturnTo(navigate, returnTo);
    } else {
      navigate(`/login?returnTo=${encodeURIComponent(returnTo)}`, { replace: true });
    }
  }, [location, isLoading, user, navigate]);

  return (
    <div className="flex flex-1 items-center justify-center">
      <h1 className="sr-only">Signing you in</h1>
      <LoadingMessage message="Signing you in..." />
    </div>
  );
}
