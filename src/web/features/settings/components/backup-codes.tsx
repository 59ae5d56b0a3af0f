import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';

/** Backup codes, shown once: each signs in once when the authenticator is not at hand. */
export function BackupCodes({ codes }: { codes: string[] }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      setCopied(true);
      window.setTimeout(() => setCopied(false), 2000);
    } catch {
      // Clipboard refused (permissions): the codes are on screen to copy by hand.
    }
  };
  return (
    <div className="space-y-3">
      <ul
        aria-label="Backup codes"
        className="grid grid-cols-2 gap-2 rounded-xl border border-border bg-muted/60 p-4 font-mono text-sm sm:grid-cols-2"
      >
        {codes.map((code) => (
          <li key={code} className="tracking-wider">
            {code}
          </li>
        ))}
      </ul>
      <Button variant="outline" size="sm" onClick={() => void copy()}>
        {copied ? (
          <Check aria-hidden="true" className="size-4" />
        ) : (
          <Copy aria-hidden="true" className="size-4" />
        )}
        {copied ? 'Copied' : 'Copy codes'}
      </Button>
    </div>
  );
}
