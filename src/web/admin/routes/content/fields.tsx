// Fields the content forms share: the display order, a web address, and an uploaded picture or video
// whose URL the form keeps.
import { Controller, type Control, type FieldPathByValue, type FieldValues } from 'react-hook-form';
import { useId, type ComponentProps, type InputHTMLAttributes } from 'react';
import { FieldMessage, messageAria, TextField } from '../../../components/field.tsx';
import { UploadField, type UploadFieldProps } from '../../components/upload-field.tsx';
import { fieldError } from './field-error.ts';

/** The order among the items: lower first. */
export function OrderField({
  hint = 'Lower numbers come first',
  ...input
}: ComponentProps<typeof TextField>) {
  return <TextField type="number" inputMode="numeric" hint={hint} {...input} />;
}

/** A yes/no choice, its label beside the box and what it means under the label. */
export function CheckboxField({
  label,
  hint,
  error,
  className = '',
  ...input
}: { label: string; hint?: string; error?: string } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <div className={`flex items-start gap-3 ${className}`}>
      <input
        id={id}
        type="checkbox"
        className="mt-0.5 size-5 shrink-0 accent-accent-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-400"
        {...messageAria(id, hint, error)}
        {...input}
      />
      <div className="space-y-0.5">
        <label htmlFor={id} className="block text-sm font-semibold text-ink-800">
          {label}
        </label>
        <FieldMessage id={id} hint={hint} error={error} />
      </div>
    </div>
  );
}

/** A web address: the phone keyboard for addresses, and the start of one as a placeholder. */
export function UrlField({ placeholder = 'https://', ...input }: ComponentProps<typeof TextField>) {
  return <TextField type="url" inputMode="url" placeholder={placeholder} {...input} />;
}

/** An upload whose returned file URL is the form's value at `name` (docs/product.md#uploads). */
export function UploadControl<Values extends FieldValues, Output>({
  control,
  name,
  ...upload
}: {
  control: Control<Values, unknown, Output>;
  name: FieldPathByValue<Values, string | null | undefined>;
} & Omit<UploadFieldProps, 'value' | 'onChange' | 'error'>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <UploadField
          {...upload}
          value={(field.value as string | null | undefined) ?? ''}
          onChange={field.onChange}
          error={fieldError(upload.label, fieldState.error)}
        />
      )}
    />
  );
}
