import { SettingsPage } from '../../features/settings/components/settings-page';
import { RequireAuth } from '../../lib/auth';

export function Component() {
  return (
    <RequireAuth>
      <SettingsPage />
    </RequireAuth>
  );
}
