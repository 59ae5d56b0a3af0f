import { ReviewPage } from '../../features/generation/review/review-page';
import { RequireAuth } from '../../lib/auth';

export function Component() {
  return (
    <RequireAuth>
      <ReviewPage />
    </RequireAuth>
  );
}
