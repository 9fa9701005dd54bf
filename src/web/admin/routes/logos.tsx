// Partner logos, 'AS SEEN AT' on the website (SPEC §2, §5): name and logo required, the website
// address optional and URL-shaped.
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { logoInput } from '#shared/schemas/content.ts';
import { TextField } from '../../components/field.tsx';
import { UploadField } from '../components/upload-field.tsx';
import { fieldError } from './content/field-error.ts';
import { FormPanel } from './content/form-panel.tsx';
import { Thumbnail } from './content/thumbnail.tsx';
import { ContentScreen, type ContentFormProps } from './content/content-screen.tsx';
import { ExternalLinkLine } from './content/external-link-line.tsx';

const MESSAGES = {
  noun: 'logo',
  fetchFailed: 'Failed to fetch logos',
  createFailed: 'Failed to add logo',
  created: 'Logo added',
  updateFailed: 'Failed to update logo',
  updated: 'Logo updated',
  deleteFailed: 'Failed to delete logo',
  deleted: 'Logo deleted',
};

function LogoForm({ item, saving, onSave, onCancel }: ContentFormProps<'logos'>) {
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<z.input<typeof logoInput>, unknown, z.output<typeof logoInput>>({
    resolver: zodResolver(logoInput),
    defaultValues: {
      name: item?.name ?? '',
      logo_url: item?.logo_url ?? '',
      website_url: item?.website_url ?? '',
      order: item?.order ?? 0,
      is_active: item?.is_active ?? true,
    },
  });
  return (
    <FormPanel
      title={item ? 'Edit Logo' : 'Add Logo'}
      submitLabel={item ? 'Save Changes' : 'Add Logo'}
      onSubmit={handleSubmit(onSave)}
      onCancel={onCancel}
      saving={saving}
    >
      <TextField
        label="Partner name"
        required
        {...register('name')}
        error={fieldError('Partner name', errors.name)}
      />
      <TextField
        label="Website (optional)"
        type="url"
        inputMode="url"
        placeholder="https://"
        {...register('website_url')}
        error={fieldError('Website', errors.website_url)}
      />
      <TextField
        label="Display order"
        type="number"
        inputMode="numeric"
        hint="Lower numbers come first"
        {...register('order')}
        error={fieldError('Display order', errors.order)}
      />
      <div className="sm:col-span-2">
        <Controller
          control={control}
          name="logo_url"
          render={({ field, fieldState }) => (
            <UploadField
              label="Logo"
              kind="image"
              required
              value={field.value ?? ''}
              onChange={field.onChange}
              error={fieldError('Logo', fieldState.error)}
              hint="A PNG with a transparent background looks best; it is shown on the dark website."
              dark
            />
          )}
        />
      </div>
    </FormPanel>
  );
}

export function LogosScreen() {
  return (
    <ContentScreen
      kind="logos"
      messages={MESSAGES}
      title="Partner Logos"
      subtitle="Shown under 'As seen at' on the website."
      addLabel="Add Logo"
      listLabel="Partner logos"
      empty="No logos yet. Add the first one."
      Form={LogoForm}
      card={(logo) => ({
        name: logo.name,
        media: <Thumbnail url={logo.logo_url} fit="contain" dark />,
        details: logo.website_url ? <ExternalLinkLine href={logo.website_url} /> : <p>No website link</p>,
      })}
    />
  );
}
