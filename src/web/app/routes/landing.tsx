import { LandingPage } from '../../features/landing/components/landing-page';
import { usePageTitle } from '../../lib/page-title';

export function LandingRoute() {
  usePageTitle();
  return <LandingPage />;
}
