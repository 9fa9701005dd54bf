// Certifications and badges (SPEC §2, §5): name and image required, a short description optional.
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { badgeInput, type Badge } from '#shared/schemas/content.ts';
import { PageHeader } from '../../components/admin-ui.tsx';
import { TextAreaField, TextField } from '../../components/field.tsx';
import { UploadField } from '../components/upload-field.tsx';
import { AddButton } from './content/add-button.tsx';
import { ContentList } from './content/content-list.tsx';
import { fieldError } from './content/field-error.ts';
import { FormPanel } from './content/form-panel.tsx';
import { ItemCard } from './content/item-card.tsx';
import { Thumbnail } from './content/thumbnail.tsx';
import { useContentManager } from './content/use-content-manager.ts';
import { useEditor } from './content/use-editor.ts';

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

function BadgeForm({
  item,
  saving,
  onSave,
  onCancel,
}: {
  item: Badge | null;
  saving: boolean;
  onSave: (values: z.output<typeof badgeInput>) => void;
  onCancel: () => void;
}) {
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
  const manager = useContentManager('badges', MESSAGES);
  const editor = useEditor<Badge>();
  return (
    <>
      <PageHeader
        title="Badges"
        subtitle="Certifications and memberships shown near the foot of the website."
        actions={!editor.open && <AddButton label="Add Badge" onClick={editor.openNew} />}
      />
      {editor.open && (
        <BadgeForm
          key={editor.key}
          item={editor.item}
          saving={manager.saving}
          onCancel={editor.close}
          onSave={async (values) => {
            if (await manager.save(values, editor.item?.id ?? null)) editor.close();
          }}
        />
      )}
      <ContentList
        label="Badges"
        loading={manager.list.isPending}
        failed={manager.list.isError}
        count={manager.items.length}
        empty="No badges yet. Add the first one."
      >
        {manager.items.map((badge) => (
          <ItemCard
            key={badge.id}
            name={badge.name}
            media={<Thumbnail url={badge.badge_url} fit="contain" />}
            active={badge.is_active}
            onActiveChange={(active) => void manager.setActive(badge, active)}
            onEdit={() => editor.openEdit(badge)}
            onDelete={async () => {
              if ((await manager.remove(badge)) && editor.item?.id === badge.id) editor.close();
            }}
          >
            <p>{badge.description || 'No description'}</p>
          </ItemCard>
        ))}
      </ContentList>
    </>
  );
}
