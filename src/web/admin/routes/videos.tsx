// Videos (SPEC §2, §5): title, category and the video are required; the video is either a YouTube
// link or an uploaded file (two modes), with an optional uploaded thumbnail.
import { zodResolver } from '@hookform/resolvers/zod';
import { Film, Link as LinkIcon, Upload } from 'lucide-react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { VIDEO_CATEGORIES } from '#shared/constants.ts';
import { videoInput } from '#shared/schemas/content.ts';
import { SelectField, TextAreaField, TextField } from '../../components/field.tsx';
import { toast } from '../../components/toast.tsx';
import { UploadField } from '../components/upload-field.tsx';
import { fieldError } from './content/field-error.ts';
import { FormPanel } from './content/form-panel.tsx';
import { VIDEO_CATEGORY_LABELS } from './content/labels.ts';
import { Thumbnail } from './content/thumbnail.tsx';
import { ContentScreen, type ContentFormProps } from './content/content-screen.tsx';

const MESSAGES = {
  noun: 'video',
  fetchFailed: 'Failed to fetch videos',
  createFailed: 'Failed to add video',
  created: 'Video added',
  updateFailed: 'Failed to update video',
  updated: 'Video updated',
  deleteFailed: 'Failed to delete video',
  deleted: 'Video deleted',
};

const MODES = [
  { value: 'youtube', label: 'YouTube link', Icon: LinkIcon },
  { value: 'upload', label: 'Upload a file', Icon: Upload },
] as const;

type VideoValues = z.input<typeof videoInput>;

function VideoForm({ item, saving, onSave, onCancel }: ContentFormProps<'videos'>) {
  const {
    register,
    control,
    handleSubmit,
    watch,
    setValue,
    getValues,
    formState: { errors },
  } = useForm<VideoValues, unknown, z.output<typeof videoInput>>({
    resolver: zodResolver(videoInput),
    defaultValues: {
      title: item?.title ?? '',
      video_type: item?.video_type ?? 'youtube',
      video_url: item?.video_url ?? '',
      thumbnail_url: item?.thumbnail_url ?? '',
      description: item?.description ?? '',
      // No default: the owner picks where the video goes (SPEC §5: category is required).
      category: item?.category ?? ('' as VideoValues['category']),
      order: item?.order ?? 0,
      is_active: item?.is_active ?? true,
    },
  });
  const mode = watch('video_type');

  return (
    <FormPanel
      title={item ? 'Edit Video' : 'Add Video'}
      submitLabel={item ? 'Save Changes' : 'Add Video'}
      onSubmit={handleSubmit(onSave, (invalid) => {
        if (invalid.video_url && !getValues('video_url')?.trim())
          toast({ title: 'Please provide a video URL or upload a video', variant: 'destructive' });
      })}
      onCancel={onCancel}
      saving={saving}
    >
      <TextField label="Title" required {...register('title')} error={fieldError('Title', errors.title)} />
      <SelectField
        label="Category"
        required
        {...register('category')}
        error={errors.category ? 'Choose a category' : undefined}
      >
        <option value="" disabled>
          Choose a category
        </option>
        {VIDEO_CATEGORIES.map((category) => (
          <option key={category} value={category}>
            {VIDEO_CATEGORY_LABELS[category]}
          </option>
        ))}
      </SelectField>
      <fieldset className="space-y-1.5 sm:col-span-2">
        <legend className="text-sm font-semibold text-ink-800">Video source</legend>
        <div className="grid grid-cols-2 gap-2 sm:max-w-md">
          {MODES.map(({ value, label, Icon }) => (
            <label
              key={value}
              className={`flex min-h-11 cursor-pointer items-center justify-center gap-2 rounded-lg border-2 px-3 text-sm font-semibold has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-accent-400 ${
                mode === value
                  ? 'border-accent-600 bg-orange-50 text-accent-700'
                  : 'border-ink-200 bg-white text-ink-700 hover:border-ink-300'
              }`}
            >
              <input
                type="radio"
                name="video-source"
                value={value}
                checked={mode === value}
                onChange={() => {
                  setValue('video_type', value);
                  // A link typed in one mode means nothing in the other.
                  setValue('video_url', item?.video_type === value ? item.video_url : '');
                }}
                className="sr-only"
              />
              <Icon className="size-4" aria-hidden="true" /> {label}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="sm:col-span-2">
        {mode === 'youtube' ? (
          <TextField
            key="youtube"
            label="YouTube link"
            type="url"
            inputMode="url"
            placeholder="https://www.youtube.com/watch?v=…"
            required
            {...register('video_url')}
            error={fieldError('YouTube link', errors.video_url)}
          />
        ) : (
          <Controller
            key="upload"
            control={control}
            name="video_url"
            render={({ field, fieldState }) => (
              <UploadField
                label="Video file"
                kind="video"
                required
                value={field.value ?? ''}
                onChange={field.onChange}
                error={fieldError('Video file', fieldState.error)}
                hint="MP4 or WebM. Keep it short: visitors on phones download it."
              />
            )}
          />
        )}
      </div>
      <div className="sm:col-span-2">
        <Controller
          control={control}
          name="thumbnail_url"
          render={({ field, fieldState }) => (
            <UploadField
              label="Thumbnail"
              kind="image"
              value={field.value ?? ''}
              onChange={field.onChange}
              error={fieldError('Thumbnail', fieldState.error)}
              hint="Optional. Shown before the video plays."
              removable
            />
          )}
        />
      </div>
      <TextAreaField
        label="Description (optional)"
        rows={3}
        {...register('description')}
        error={fieldError('Description', errors.description)}
      />
      <TextField
        label="Display order"
        type="number"
        inputMode="numeric"
        hint="Lower numbers come first"
        {...register('order')}
        error={fieldError('Display order', errors.order)}
      />
    </FormPanel>
  );
}

export function VideosScreen() {
  return (
    <ContentScreen
      kind="videos"
      messages={MESSAGES}
      title="Videos"
      subtitle="The hero background, demos and clips for the 'See the range in action' gallery."
      addLabel="Add Video"
      listLabel="Videos"
      empty="No videos yet. Add the first one."
      Form={VideoForm}
      card={(video) => ({
        name: video.title,
        media: video.thumbnail_url ? (
          <Thumbnail url={video.thumbnail_url} />
        ) : (
          <span className="flex size-full items-center justify-center text-ink-500">
            <Film className="size-8" aria-hidden="true" />
          </span>
        ),
        details: (
          <>
            <p className="font-medium text-ink-700">{VIDEO_CATEGORY_LABELS[video.category]}</p>
            <p>
              {video.video_type === 'youtube' ? 'YouTube: ' : 'Uploaded file: '}
              <a
                href={video.video_url}
                target="_blank"
                rel="noreferrer"
                className="break-all text-accent-700 underline underline-offset-2"
              >
                {video.video_url}
              </a>
            </p>
            {video.description && <p className="line-clamp-2">{video.description}</p>}
          </>
        ),
      })}
    />
  );
}
