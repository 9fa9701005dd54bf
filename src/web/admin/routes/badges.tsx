// Certifications and badges (SPEC §2, §5): name and image required, a short description optional.
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { badgeInput } from '#shared/schemas/content.ts';
import { TextAreaField, TextField } from '../../components/field.tsx';
import { UploadField } from '../components/upload-field.tsx';
import { fieldError } from './content/field-error.ts';
import { FormPanel } from './content/form-panel.tsx';
import { Thumbnail } from './content/thumbnail.tsx';
import { ContentScreen, type ContentFormProps } from './content/content-screen.tsx';

const MESSAGES = {
  noun: 'badge',
  fetchFailed: 'Failed to fetch badges',
  createFailed: 'Failed to add badge',
  created: 'Badge added',
  updateFailed: 'Failed to update badge',
  updated: 'Badge updated',
  deleteFailed: 'Failed to delete badge',
  deleted: 'Badge deleted',
};

function BadgeForm({ item, saving, onSave, onCancel }: ContentFormProps<'badges'>) {
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<z.input<typeof badgeInput>, unknown, z.output<typeof badgeInput>>({
    resolver: zodResolver(badgeInput),
    defaultValues: {
      name: item?.name ?? '',
      badge_url: item?.badge_url ?? '',
      description: item?.description ?? '',
      order: item?.order ?? 0,
      is_active: item?.is_active ?? true,
    },
  });
  return (
    <FormPanel
      title={item ? 'Edit Badge' : 'Add Badge'}
      submitLabel={item ? 'Save Changes' : 'Add Badge'}
      onSubmit={handleSubmit(onSave)}
      onCancel={onCancel}
      saving={saving}
    >
      <TextField
        label="Badge name"
        required
        {...register('name')}
        error={fieldError('Badge name', errors.name)}
      />
      <TextField
        label="Display order"
        type="number"
        inputMode="numeric"
        hint="Lower numbers come first"
        {...register('order')}
        error={fieldError('Display order', errors.order)}
      />
      <TextAreaField
        label="Description (optional)"
        rows={3}
        className="sm:col-span-2"
        {...register('description')}
        error={fieldError('Description', errors.description)}
      />
      <div className="sm:col-span-2">
        <Controller
          control={control}
          name="badge_url"
          render={({ field, fieldState }) => (
            <UploadField
              label="Badge image"
              kind="image"
              required
              value={field.value ?? ''}
              onChange={field.onChange}
              error={fieldError('Badge image', fieldState.error)}
            />
          )}
        />
      </div>
    </FormPanel>
  );
}

export function BadgesScreen() {
  return (
    <ContentScreen
      kind="badges"
      messages={MESSAGES}
      title="Badges"
      subtitle="Certifications and memberships shown near the foot of the website."
      addLabel="Add Badge"
      listLabel="Badges"
      empty="No badges yet. Add the first one."
      Form={BadgeForm}
      card={(badge) => ({
        name: badge.name,
        media: <Thumbnail url={badge.badge_url} fit="contain" />,
        details: <p>{badge.description || 'No description'}</p>,
      })}
    />
  );
}
