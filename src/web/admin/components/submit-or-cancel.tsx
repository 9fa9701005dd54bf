// A form's action and Cancel side by side; the action says what it is doing while the request runs.
import { Button } from '../../components/button.tsx';

export function SubmitOrCancel({
  label,
  pendingLabel,
  pending,
  danger = false,
  onCancel,
  className = 'flex flex-wrap gap-2',
}: {
  label: string;
  pendingLabel: string;
  pending: boolean;
  /** For an action that takes something away (turning off two-factor login). */
  danger?: boolean;
  onCancel: () => void;
  className?: string;
}) {
  return (
    <div className={className}>
      <Button type="submit" variant={danger ? 'danger' : 'primary'} disabled={pending}>
        {pending ? pendingLabel : label}
      </Button>
      <Button variant="secondary" onClick={onCancel}>
        Cancel
      </Button>
    </div>
  );
}
