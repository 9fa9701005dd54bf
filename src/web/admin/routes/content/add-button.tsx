import { Plus } from 'lucide-react';
import { Button } from '../../../components/button.tsx';

export function AddButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button onClick={onClick} className="w-full sm:w-auto">
      <Plus className="size-5" aria-hidden="true" /> {label}
    </Button>
  );
}
