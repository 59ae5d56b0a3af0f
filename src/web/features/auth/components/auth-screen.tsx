import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { LoadingMessage } from '../../../components/ui/spinner';
import { useAuth } from '../../../lib/auth';
import {
  clearStoredReturnTo,
  navigateToReturnTo,
  resolveReturnTo,
  storeReturnTo,
} from '../utils/return-to';
import { readUrlError } from '../utils/url-params';
import { AuthCard } from './auth-card';
import { EmailCodeForm } from './email-code-form';
import { EmailCodeVerify } from './email-code-verify';
import { EmailPasswordForm } from './email-password-form';
import { MagicLinkForm } from './magic-link-form';
import { OAuthButtons } from './oauth-buttons';
import { VerifyOtpForm } from './verify-otp-form';

export type AuthView = 'sign_in' | 'sign_up' | 'magic_link' | 'email_code' | 'verify_otp';

const VIEW_HEADINGS: Record<AuthView, string> = {
  sign_in: 'Sign in',
  sign_up: 'Create an account',
  magic_link: 'Sign in with a magic link',
  email_code: 'Sign in with a code',
  verify_otp: 'Two-factor authentication',
};

function initialView(pathname: string, params: URLSearchParams): AuthView {
  if (pathname === '/signup') return 'sign_up';
  const requested = params.get('view');
  if (requested === 'verify_otp' || requested === 'magic_link' || requested === 'email_code') {
    return requested;
  }
  return 'sign_in';
}

const linkClasses = 'font-medium text-primary underline-offset-4 hover:underline';

/** The one authentication screen of /login and /signup (SPEC §2). */
export function AuthScreen() {
  const location = useLocation();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const { user, isLoading } = useAuth();
  const [returnTo] = useState(() => resolveReturnTo(searchParams));
  const [view, setView] = useState<AuthView>(() => initialView(location.pathname, searchParams));
  const [formError, setFormError] = useState<string | null>(null);
  const [urlErrorDismissed, setUrlErrorDismissed] = useState(false);
  const [verificationSentTo, setVerificationSentTo] = useState<string | null>(null);
  /** The address an e-mailed sign-in code went to: verify_otp then asks for that code. */
  const [codeEmail, setCodeEmail] = useState<string | null>(null);

  useEffect(() => {
    storeReturnTo(returnTo);
  }, [returnTo]);

  useEffect(() => {
    if (!isLoading && user) {
      // Arrived: the kept destination must not steer a later, unrelated sign-in.
      clearStoredReturnTo();
      navigateToReturnTo(navigate, returnTo);
    }
  }, [isLoading, user, returnTo, navigate]);

  const urlError = urlErrorDismissed ? null : readUrlError(location);
  const error = formError ?? urlError;
  const encodedReturnTo = encodeURIComponent(returnTo);

  const reportError = (message: string | null) => {
    setUrlErrorDismissed(true);
    setFormError(message);
  };

  const switchView = (next: AuthView) => {
    setFormError(null);
    setVerificationSentTo(null);
    setCodeEmail(null);
    setView(next);
    if (searchParams.has('view')) {
      const params = new URLSearchParams(searchParams);
      params.delete('view');
      setSearchParams(params, { replace: true });
    }
  };

  if (isLoading || user) return <LoadingMessage />;

  return (
    <AuthCard title="Welcome to Mnemo" subtitle="Sign in to your account or create a new one">
      <div className="space-y-5">
        <h2 className="text-base font-semibold">
          {view === 'verify_otp' && codeEmail ? 'Enter your code' : VIEW_HEADINGS[view]}
        </h2>
        {error ? <Alert>{error}</Alert> : null}
        {verificationSentTo ? (
          <Alert variant="success">
            Check your email: we&apos;ve sent a confirmation link to {verificationSentTo}.
          </Alert>
        ) : null}

        {view === 'sign_in' || view === 'sign_up' ? (
          <>
            <OAuthButtons returnTo={returnTo} onError={reportError} />
            <EmailPasswordForm
              key={view}
              mode={view}
              returnTo={returnTo}
              onError={reportError}
              onTwoFactorRequired={() => switchView('verify_otp')}
              onVerificationSent={setVerificationSentTo}
            />
          </>
        ) : null}
        {view === 'magic_link' ? <MagicLinkForm returnTo={returnTo} onError={reportError} /> : null}
        {view === 'email_code' ? (
          <EmailCodeForm
            onError={reportError}
            onSent={(email) => {
              switchView('verify_otp');
              setCodeEmail(email);
            }}
          />
        ) : null}
        {view === 'verify_otp' && codeEmail ? (
          <EmailCodeVerify
            key={codeEmail}
            email={codeEmail}
            onError={reportError}
            onTwoFactorRequired={() => switchView('verify_otp')}
          />
        ) : null}
        {view === 'verify_otp' && !codeEmail ? <VerifyOtpForm onError={reportError} /> : null}

        <div className="space-y-2.5 border-t border-border pt-5 text-center text-sm">
          {view === 'sign_in' ? (
            <>
              <p>
                <button
                  type="button"
                  className={linkClasses}
                  onClick={() => switchView('magic_link')}
                >
                  Sign in with a magic link
                </button>
              </p>
              <p>
                <button
                  type="button"
                  className={linkClasses}
                  onClick={() => switchView('email_code')}
                >
                  Email me a code
                </button>
              </p>
              <p>
                <Link to={`/signup?returnTo=${encodedReturnTo}`} className={linkClasses}>
                  Don&apos;t have an account? Sign up
                </Link>
              </p>
            </>
          ) : null}
          {view === 'sign_up' ? (
            <p>
              <Link to={`/login?returnTo=${encodedReturnTo}`} className={linkClasses}>
                Already have an account? Sign in
              </Link>
            </p>
          ) : null}
          {view === 'magic_link' || view === 'email_code' || view === 'verify_otp' ? (
            <p>
              <button type="button" className={linkClasses} onClick={() => switchView('sign_in')}>
                {view === 'verify_otp' ? 'Back to sign in' : 'Sign in with a password instead'}
              </button>
            </p>
          ) : null}
        </div>
      </div>
    </AuthCard>
  );
}
