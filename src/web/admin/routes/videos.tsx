// Videos (docs/product.md#content-screens): title, category and the video are required; the video is either a
// YouTube link or an uploaded file (two modes), with an optional uploaded thumbnail.
import { Film, Link as LinkIcon, Upload } from 'lucide-react';
import type { ComponentProps } from 'react';
import type { z } from 'zod';
import { VIDEO_CATEGORIES } from '#shared/constants.ts';
import { videoInput } from '#shared/schemas/content.ts';
import { SelectField, TextAreaField, TextField } from '../../components/field.tsx';
import { toast } from '../../components/toast.tsx';
import { OrderField, UploadControl, UrlField } from './content/fields.tsx';
import { FormPanel } from './content/form-panel.tsx';
import { ScheduleFields } from './content/schedule.tsx';
import { VIDEO_CATEGORY_LABELS } from './content/labels.ts';
import { Thumbnail } from './content/thumbnail.tsx';
import { ContentScreen, type ContentFormProps } from './content/content-screen.tsx';
import { useContentForm, NEW_ITEM_LISTING } from './content/use-content-form.ts';
import { contentMessages } from './content/use-content-manager.ts';
import { SCREEN_TITLES } from '../screen-titles.ts';

const MESSAGES = contentMessages('video', 'videos');

const MODES = [
  { value: 'youtube', label: 'YouTube link', Icon: LinkIcon },
  { value: 'upload', label: 'Upload a file', Icon: Upload },
] as const;

type VideoValues = z.input<typeof videoInput>;

type VideoMode = (typeof MODES)[number]['value'];

/** The two ways to give the video, as two large radio buttons. */
function VideoSourcePicker({
  mode,
  onPick,
}: {
  mode: VideoMode | undefined;
  onPick: (mode: VideoMode) => void;
}) {
  return (
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
              onChange={() => onPick(value)}
              className="sr-only"
            />
            <Icon className="size-4" aria-hidden="true" /> {label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

const BLANK: VideoValues = {
  title: '',
  video_type: 'youtube',
  video_url: '',
  thumbnail_url: '',
  description: '',
  // No default: the owner picks where the video goes (the category is required).
  category: '' as VideoValues['category'],
  ...NEW_ITEM_LISTING,
};

function CategoryField(props: Omit<ComponentProps<typeof SelectField>, 'label'>) {
  return (
    <SelectField label="Category" required {...props}>
      <option value="" disabled>
        Choose a category
      </option>
      {VIDEO_CATEGORIES.map((category) => (
        <option key={category} value={category}>
          {VIDEO_CATEGORY_LABELS[category]}
        </option>
      ))}
    </SelectField>
  );
}

function VideoForm(props: ContentFormProps<'videos'>) {
  const { item } = props;
  const { register, control, watch, setValue, errors, field, panel } = useContentForm(videoInput, props, {
    noun: 'Video',
    blank: BLANK,
    onInvalid: (invalid, values) => {
      if (invalid.video_url && !values.video_url?.trim())
        toast({ title: 'Please provide a video URL or upload a video', variant: 'destructive' });
    },
  });
  const mode = watch('video_type');

  return (
    <FormPanel {...panel}>
      <TextField required {...field('title', 'Title')} />
      <CategoryField {...register('category')} error={errors.category ? 'Choose a category' : undefined} />
      <VideoSourcePicker
        mode={mode}
        onPick={(value) => {
          setValue('video_type', value);
          // A link typed in one mode means nothing in the other.
          setValue('video_url', item?.video_type === value ? item.video_url : '');
        }}
      />
      <div className="sm:col-span-2">
        {mode === 'youtube' ? (
          <UrlField
            key="youtube"
            placeholder="https://www.youtube.com/watch?v=…"
            required
            {...field('video_url', 'YouTube link')}
          />
        ) : (
          <UploadControl
            key="upload"
            control={control}
            name="video_url"
            label="Video file"
            kind="video"
            required
            hint="MP4 or WebM. Keep it short: visitors on phones download it."
          />
        )}
      </div>
      <UploadControl
        control={control}
        name="thumbnail_url"
        label="Thumbnail"
        kind="image"
        hint="Optional. Shown before the video plays."
        removable
        className="sm:col-span-2"
      />
      <TextAreaField rows={3} {...field('description', 'Description (optional)')} />
      <OrderField {...field('order', 'Display order')} />
      <ScheduleFields control={control} />
    </FormPanel>
  );
}

export function VideosScreen() {
  return (
    <ContentScreen
      kind="videos"
      messages={MESSAGES}
      title={SCREEN_TITLES.videos}
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
