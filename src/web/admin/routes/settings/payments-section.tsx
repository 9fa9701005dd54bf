// Payments (superadmin, docs/decisions/0475): the bank details and payment link the customer's
// confirmation gives, with a reference of its own for each booking, and how many days before a
// booking its balance is due. Nothing saved: the confirmation says payment details will follow.
import { zodResolver } from '@hookform/resolvers/zod';
import { Landmark } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  BALANCE_DUE_DAYS,
  paymentSettingsInput,
  sortCodeText,
  type PaymentSettings,
  type PaymentSettingsInput,
  type PaymentSettingsUpdate,
} from '#shared/schemas/payments.ts';
import { Banner, Loading } from '../../../components/admin-ui.tsx';
import { Button } from '../../../components/button.tsx';
import { TextField } from '../../../components/field.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { usePaymentSettings, useSavePaymentSettings } from '../../api/payments.ts';
import { fieldSentence, SettingsSection } from './section.tsx';

type Field = keyof PaymentSettingsInput;

const LABELS: Record<Field, string> = {
  account_name: 'Account name',
  sort_code: 'Sort code',
  account_number: 'Account number',
  payment_link: 'Payment link',
  balance_due_days: 'Balance due, days before the booking',
};

const toForm = (saved: PaymentSettings): PaymentSettingsInput => ({
  account_name: saved.account_name,
  sort_code: sortCodeText(saved.sort_code),
  account_number: saved.account_number,
  payment_link: saved.payment_link,
  balance_due_days: saved.balance_due_days,
});

function usePaymentsForm() {
  const saved = usePaymentSettings();
  const save = useSavePaymentSettings();
  const [notice, setNotice] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const form = useForm<PaymentSettingsInput, unknown, PaymentSettingsUpdate>({
    resolver: zodResolver(paymentSettingsInput),
  });
  const { reset, setError } = form;
  useEffect(() => {
    if (saved.data) reset(toForm(saved.data));
  }, [saved.data, reset]);

  const onSubmit = form.handleSubmit(async (values) => {
    setNotice(null);
    try {
      reset(toForm(await save.mutateAsync(values)));
      setNotice({
        kind: 'success',
        text: 'Payment details saved. Confirmations sent from now on give them.',
      });
    } catch (caught) {
      // The server names the field first ("sort_code: must be …"): put it by the field.
      const detail = caught instanceof ApiError ? caught.detail : undefined;
      const field = detail && (Object.keys(LABELS) as Field[]).find((key) => detail.startsWith(`${key}: `));
      if (field && detail) setError(field, { message: detail.slice(field.length + 2) });
      setNotice({ kind: 'error', text: errorMessage(caught, 'Failed to save the payment details') });
    }
  });
  return { saved, form, onSubmit, saving: save.isPending, notice };
}

export function PaymentsSection() {
  const { saved, form, onSubmit, saving, notice } = usePaymentsForm();
  const {
    register,
    formState: { errors, isDirty },
  } = form;
  if (saved.isPending) return <Loading />;
  if (saved.isError) return <Banner kind="error">Failed to load the payment details</Banner>;
  const field = (key: Field, props: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField
      label={LABELS[key]}
      autoComplete="off"
      error={fieldSentence(LABELS[key], errors[key]?.message)}
      {...props}
      {...register(key, key === 'balance_due_days' ? { valueAsNumber: true } : {})}
    />
  );

  return (
    <SettingsSection
      id="settings-payments"
      title="Payments"
      icon={Landmark}
      description="How customers pay you. The confirmation e-mail gives these with the balance, when it is due, and a reference for each booking (the customer's surname and the booking number)."
    >
      {notice && <Banner kind={notice.kind}>{notice.text}</Banner>}
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-6">
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-2 font-semibold text-ink-900">Bank transfer</legend>
          <p className="-mt-2 text-sm text-ink-600 sm:col-span-2">
            All three, or leave all three empty. Without bank details or a link, the e-mail says you will send
            payment details.
          </p>
          {field('account_name', { className: 'sm:col-span-2' })}
          {field('sort_code', { inputMode: 'numeric', placeholder: '12-34-56' })}
          {field('account_number', { inputMode: 'numeric', placeholder: '12345678' })}
        </fieldset>
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-2 font-semibold text-ink-900">Card payments and timing</legend>
          {field('payment_link', {
            className: 'sm:col-span-2',
            type: 'url',
            inputMode: 'url',
            placeholder: 'https://…',
            hint: 'Where customers pay by card, from your payment provider. Must start with https://.',
          })}
          {field('balance_due_days', {
            type: 'number',
            inputMode: 'numeric',
            min: BALANCE_DUE_DAYS.min,
            max: BALANCE_DUE_DAYS.max,
            hint: `From ${BALANCE_DUE_DAYS.min} to ${BALANCE_DUE_DAYS.max}. A booking sooner than this has its balance due straight away.`,
          })}
        </fieldset>
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={saving}>
            {saving ? 'Saving…' : 'Save payment details'}
          </Button>
          {isDirty && <span className="text-sm text-ink-600">You have unsaved changes.</span>}
        </div>
      </form>
    </SettingsSection>
  );
}
