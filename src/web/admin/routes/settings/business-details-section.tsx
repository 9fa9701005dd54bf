// Business details (superadmin, docs/product.md#business-details): what the public pages show in the header,
// footer, contact and legal pages. Saving re-renders the public site straight away.
import { zodResolver } from '@hookform/resolvers/zod';
import { Building2 } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { siteSettingsInput, type SiteSettings, type SiteSettingsInput } from '#shared/schemas/site.ts';
import { Banner, Loading } from '../../../components/admin-ui.tsx';
import { Button } from '../../../components/button.tsx';
import { TextAreaField, TextField } from '../../../components/field.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useSiteSettings } from '../../api/site-settings.ts';
import { useUpdateSiteSettings } from '../../api/update-site-settings.ts';
import { DraftNotice } from '../../drafts/draft-notice.tsx';
import { useFormDraft } from '../../drafts/use-form-draft.ts';
import { fieldSentence, SettingsSection } from './section.tsx';

type Form = z.input<typeof siteSettingsInput>;
type Field = keyof Form;

const FIELD_KEYS = Object.keys(siteSettingsInput.shape) as Field[];

const LABELS: Record<Field, string> = {
  trading_name: 'Trading name',
  phone: 'Phone',
  email: 'E-mail',
  facebook_url: 'Facebook page',
  instagram_url: 'Instagram profile',
  tiktok_url: 'TikTok profile',
  youtube_url: 'YouTube channel',
  company_name: 'Registered company name',
  company_number: 'Company number',
  registered_address: 'Registered address',
};

/** ' Completed for you: Facebook page and Company number (…)' — nothing when all was kept as typed. */
function completedSentence(fields: Field[]): string {
  const names = fields.map((field) => LABELS[field]);
  if (names.length === 0) return '';
  const list = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  return ` Completed for you: ${list} (as shown below).`;
}

const toForm = (site: SiteSettings): Form =>
  Object.fromEntries(FIELD_KEYS.map((key) => [key, site[key] ?? ''])) as Form;

/**
 * The form, filled with the saved details once they load, and any unsaved draft over them (issue
 * 28); a server complaint about one field shows by it.
 */
function useBusinessDetailsForm() {
  const site = useSiteSettings();
  const update = useUpdateSiteSettings();
  const [notice, setNotice] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const form = useForm<Form, unknown, SiteSettingsInput>({ resolver: zodResolver(siteSettingsInput) });
  const {
    register,
    handleSubmit,
    reset,
    setError,
    getValues,
    formState: { errors, isDirty },
  } = form;
  const savedValues = useMemo(() => (site.data ? toForm(site.data) : null), [site.data]);

  useEffect(() => {
    if (savedValues) reset(savedValues);
  }, [savedValues, reset]);
  // After the reset above, so the draft is laid over the saved details.
  const draft = useFormDraft(form, 'settings:business-details', savedValues);

  const onSubmit = handleSubmit(async (values) => {
    setNotice(null);
    const typed = getValues();
    try {
      const saved = await update.mutateAsync(values);
      draft.clear();
      // The saved values replace what was typed (the form is reset from them): say which were completed.
      const completed = FIELD_KEYS.filter((key) => (typed[key] ?? '').trim() !== saved[key]);
      setNotice({
        kind: 'success',
        text: `Business details saved. The public site updates straight away.${completedSentence(completed)}`,
      });
    } catch (caught) {
      // A server validation detail starts with the field name ("phone must be …"): put it by the field.
      const detail = caught instanceof ApiError ? caught.detail : undefined;
      const field = detail && FIELD_KEYS.find((key) => detail.startsWith(`${key} `));
      if (field && detail) setError(field, { message: detail.slice(field.length + 1) });
      setNotice({ kind: 'error', text: errorMessage(caught, 'Failed to save business details') });
    }
  });

  return { site, register, errors, isDirty, onSubmit, saving: update.isPending, notice, draft };
}

/** Shown until the owner saves real details over the placeholders the site starts with. */
function PlaceholderNote() {
  return (
    <div role="note" className="mb-4 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950">
      <p className="font-semibold">The website is showing placeholder details.</p>
      <p>Fill in your real business details and save, so visitors see how to reach you.</p>
    </div>
  );
}

export function BusinessDetailsSection() {
  const { site, register, errors, isDirty, onSubmit, saving, notice, draft } = useBusinessDetailsForm();
  if (site.isPending) return <Loading />;
  if (site.isError) return <Banner kind="error">Failed to load business details</Banner>;

  const field = (key: Field, props: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField
      label={LABELS[key]}
      error={fieldSentence(LABELS[key], errors[key]?.message)}
      {...props}
      {...register(key)}
    />
  );

  return (
    <SettingsSection
      id="settings-business"
      title="Business details"
      icon={Building2}
      description="Shown on the public website: header, footer, contact section and legal pages."
    >
      {site.data.is_placeholder && <PlaceholderNote />}
      {notice && <Banner kind={notice.kind}>{notice.text}</Banner>}
      <DraftNotice draft={draft} className="mb-4" />
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-6">
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-2 font-semibold text-ink-900">Contact</legend>
          {field('trading_name', { autoComplete: 'organization', className: 'sm:col-span-2' })}
          {field('phone', { type: 'tel', autoComplete: 'tel' })}
          {field('email', { type: 'email', autoComplete: 'email' })}
        </fieldset>
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-2 font-semibold text-ink-900">Social links</legend>
          <p className="-mt-2 text-sm text-ink-600 sm:col-span-2">
            Paste the page's address; https:// is added if it is missing. Leave a box empty to hide that link.
          </p>
          {field('facebook_url', { type: 'url', inputMode: 'url', placeholder: 'facebook.com/…' })}
          {field('instagram_url', { type: 'url', inputMode: 'url', placeholder: 'instagram.com/…' })}
          {field('tiktok_url', { type: 'url', inputMode: 'url', placeholder: 'tiktok.com/@…' })}
          {field('youtube_url', { type: 'url', inputMode: 'url', placeholder: 'youtube.com/@…' })}
        </fieldset>
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-2 font-semibold text-ink-900">Registered company</legend>
          {field('company_name')}
          {field('company_number', {
            hint: 'From Companies House: 8 characters, e.g. 01234567 or SC123456. A missing leading zero is added.',
          })}
          <TextAreaField
            label={LABELS.registered_address}
            rows={3}
            className="sm:col-span-2"
            error={fieldSentence(LABELS.registered_address, errors.registered_address?.message)}
            {...register('registered_address')}
          />
        </fieldset>
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={saving}>
            {saving ? 'Saving…' : 'Save business details'}
          </Button>
          {isDirty && <span className="text-sm text-ink-600">You have unsaved changes.</span>}
        </div>
      </form>
    </SettingsSection>
  );
}
