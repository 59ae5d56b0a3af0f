import { useQuery } from '@tanstack/react-query';
import { HardDrive } from 'lucide-react';
import { formatBytes, type Usage, usageLine } from '../../../../core/quota';
import { Alert } from '../../../components/ui/alert';
import { LoadingMessage } from '../../../components/ui/spinner';
import { api } from '../../../lib/api-client';
import { errorMessage } from '../../decks/utils';
import { SettingsSection } from './section';

export const usageQueryKey = ['usage'] as const;

function UsageBar({
  label,
  used,
  quota,
  text,
}: {
  label: string;
  used: number;
  quota: number;
  text: string;
}) {
  const percent = quota > 0 ? Math.min(100, Math.round((used / quota) * 100)) : 0;
  return (
    <div>
      <div className="flex justify-between text-sm">
        <span className="font-medium">{label}</span>
        <span className="text-muted-foreground">{text}</span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="mt-1.5 h-2 overflow-hidden rounded-full bg-muted"
      >
        <div
          className={percent >= 90 ? 'h-full bg-destructive' : 'h-full bg-primary'}
          style={{ width: `${percent}%` }}
        />
      </div>
    </div>
  );
}

/** What the account uses of its quotas: stored files (uploads and card media) and cards. */
export function UsageSection() {
  const usage = useQuery({
    queryKey: usageQueryKey,
    queryFn: ({ signal }) => api.get<Usage>('/api/usage', signal),
  });
  const data = usage.data;
  return (
    <SettingsSection
      id="usage"
      icon={HardDrive}
      title="Usage"
      description={data ? usageLine(data) : 'What your account stores, and how much it may.'}
    >
      {usage.isPending ? (
        <LoadingMessage message="Loading your usage…" />
      ) : usage.isError ? (
        <Alert variant="error">{errorMessage(usage.error, 'Failed to load your usage.')}</Alert>
      ) : data ? (
        <div className="space-y-4">
          <UsageBar
            label="Storage"
            used={data.storage_bytes}
            quota={data.storage_quota_bytes}
            text={`${formatBytes(data.storage_bytes)} of ${formatBytes(data.storage_quota_bytes)}`}
          />
          <UsageBar
            label="Cards"
            used={data.cards}
            quota={data.card_quota}
            text={`${data.cards.toLocaleString('en-US')} of ${data.card_quota.toLocaleString('en-US')}`}
          />
        </div>
      ) : null}
    </SettingsSection>
  );
}
