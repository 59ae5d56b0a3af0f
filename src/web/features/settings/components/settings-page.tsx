import { useQueryClient } from '@tanstack/react-query';
import { useAuth } from '../../../lib/auth';
import { useHasPassword } from '../api/get-accounts';
import { AccountSection } from './account-section';
import { AiSection } from './ai-section';
import { ApiTokensSection } from './api-tokens-section';
import { PhoneFactorSection } from './phone-factor-section';
import { ChangePasswordSection } from './change-password-section';
import { FilesSection } from './files-section';
import { sessionsQueryKey, SessionsSection } from './sessions-section';
import { StudySection } from './study-section';
import { OfflineSection } from '../../offline/offline-section';
import { TwoFactorSection } from './two-factor-section';
import { UsageSection } from './usage-section';

/** /settings: the account page (e-mail, password, two-factor, sessions, API tokens, study, offline, uploaded files). */
export function SettingsPage() {
  const { user, session } = useAuth();
  const queryClient = useQueryClient();
  const hasPassword = useHasPassword();
  if (!user) return null;
  // Until the accounts answer, assume a password: the forms then work as usual.
  const withPassword = hasPassword.data ?? true;
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-10">
      <h1 className="text-3xl font-bold tracking-tight">Settings</h1>
      <p className="mt-1.5 text-muted-foreground">
        Manage your account, how you sign in, how you study and your uploaded files.
      </p>
      <div className="mt-8 space-y-6">
        <AccountSection user={user} />
        <ChangePasswordSection
          hasPassword={withPassword}
          onSessionsChanged={() =>
            void queryClient.invalidateQueries({ queryKey: sessionsQueryKey })
          }
        />
        <TwoFactorSection user={user} hasPassword={withPassword} />
        <PhoneFactorSection />
        <SessionsSection currentSessionId={session?.id} />
        <ApiTokensSection />
        <StudySection />
        <OfflineSection />
        <AiSection />
        <UsageSection />
        <FilesSection />
      </div>
    </div>
  );
}
