// The recovery codes, shown once (only their hashes are kept): copy, download, print, and an
// acknowledgement before they disappear from the screen.
import { Copy, Download, Printer, TriangleAlert } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/button.tsx';
import { saveFile } from '../../../lib/save-file.ts';

const FILE_NAME = 'admin-recovery-codes.txt';

const asText = (codes: string[]) =>
  [
    'Admin login recovery codes',
    'Each code works once, instead of the 6-digit code from your app.',
    '',
    ...codes,
    '',
  ].join('\n');

function printCodes(codes: string[]) {
  const popup = window.open('', '_blank', 'width=480,height=640');
  if (!popup) {
    toast.error('Your browser blocked the print window. Download the codes instead.');
    return;
  }
  const doc = popup.document;
  doc.title = 'Recovery codes';
  const pre = doc.createElement('pre');
  pre.textContent = asText(codes);
  pre.setAttribute('style', 'font: 16px/1.6 monospace');
  doc.body.append(pre);
  popup.focus();
  popup.print();
  popup.close();
}

export function RecoveryCodesPanel({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const [saved, setSaved] = useState(false);
  const ackId = useId();

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(asText(codes));
      toast.success('Recovery codes copied');
    } catch {
      toast.error('Could not copy. Select the codes and copy them by hand, or download them.');
    }
  };

  const download = () => saveFile(new Blob([asText(codes)], { type: 'text/plain' }), FILE_NAME);

  return (
    <div className="space-y-4 rounded-lg border-2 border-accent-600 bg-white p-4">
      <p className="flex items-start gap-2 font-semibold text-ink-900">
        <TriangleAlert className="mt-0.5 size-5 shrink-0 text-accent-700" aria-hidden="true" />
        Save these recovery codes now. They are shown only once.
      </p>
      <p className="text-ink-700">
        If you lose your phone, type one of these instead of the 6-digit code when you sign in. Each code
        works once.
      </p>
      <ul
        aria-label="Recovery codes"
        className="grid grid-cols-1 gap-2 rounded-lg bg-ink-50 p-3 font-mono text-base text-ink-900 sm:grid-cols-2"
      >
        {codes.map((code) => (
          <li key={code} className="text-center whitespace-nowrap select-all">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => void copy()}>
          <Copy className="size-5" aria-hidden="true" />
          Copy
        </Button>
        <Button variant="secondary" onClick={download}>
          <Download className="size-5" aria-hidden="true" />
          Download
        </Button>
        <Button variant="secondary" onClick={() => printCodes(codes)}>
          <Printer className="size-5" aria-hidden="true" />
          Print
        </Button>
      </div>
      <div className="flex items-center gap-3">
        <input
          id={ackId}
          type="checkbox"
          checked={saved}
          onChange={(event) => setSaved(event.target.checked)}
          className="size-5 accent-accent-600"
        />
        <label htmlFor={ackId} className="font-medium text-ink-900">
          I have saved them
        </label>
      </div>
      <Button onClick={onDone} disabled={!saved}>
        Done
      </Button>
    </div>
  );
}
