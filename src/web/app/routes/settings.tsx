import { SettingsPage } from '../../features/settings/components/settings-page';
import { RequireAuth } from '../../lib/auth';
import { usePageTitle } from '../../lib/page-title';

export function Component() {
  usePageTitle('Settings');
  return (
    <RequireAuth>
      <SettingsPage />
    </RequireAuth>
  );
}
