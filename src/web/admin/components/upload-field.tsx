// A file picker that uploads at once through POST /api/admin/upload (docs/product.md#uploads): the returned
// file URL is placed in the form, with a progress bar, a preview of what will be shown on the website and the
// file's state in words (issue 28: no raw /uploads/… path beside the browser's "No file chosen").
import { ImageIcon, Film, Trash2, Upload } from 'lucide-react';
import {
  useEffect,
  useId,
  useRef,
  useState,
  type ChangeEvent,
  type InputHTMLAttributes,
  type Ref,
} from 'react';
import { isHttpUrl } from '#shared/schemas/media-url.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { responsiveSrcSet } from '../../lib/media.ts';
import { toast } from '../../components/toast.tsx';
import { Button, buttonClasses } from '../../components/button.tsx';
import { FieldWrapper, messageAria } from '../../components/field.tsx';
import { uploadFile } from '../api/upload.ts';

export type MediaKind = 'image' | 'video';

const PREVIEW_WIDTHS = [320, 640] as const;

export function MediaPreview({
  url,
  kind,
  alt,
  className = '',
  dark = false,
}: {
  url: string;
  kind: MediaKind;
  alt: string;
  className?: string;
  dark?: boolean;
}) {
  if (kind === 'video') {
    return (
      <video
        src={url}
        controls
        muted
        playsInline
        preload="metadata"
        aria-label={alt}
        className={`rounded-lg bg-ink-900 object-contain ${className}`}
      />
    );
  }
  return (
    <img
      src={url}
      srcSet={url.startsWith('blob:') ? undefined : responsiveSrcSet(url, PREVIEW_WIDTHS)}
      sizes="(min-width: 640px) 240px, 100vw"
      alt={alt}
      className={`rounded-lg object-contain ${dark ? 'bg-ink-900' : 'bg-ink-100'} ${className}`}
    />
  );
}

/**
 * Sends a picked file at once. While it travels, `progress` runs from 0 to 1 and `localPreview` shows
 * the file from the visitor's own disk.
 */
function useUpload(onUploaded: (url: string) => void) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [localPreview, setLocalPreview] = useState<string | null>(null);
  /** The file sent from this form and the address the server gave it, to name it in the file state. */
  const [uploaded, setUploaded] = useState<{ url: string; name: string } | null>(null);

  // The object URL of the file being sent is only needed until the server's copy is there.
  useEffect(
    () => () => {
      if (localPreview) URL.revokeObjectURL(localPreview);
    },
    [localPreview],
  );

  async function onPick(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    setLocalPreview(URL.createObjectURL(file));
    setProgress(0);
    try {
      const result = await uploadFile(file, setProgress);
      setProgress(1);
      setUploaded({ url: result.file_url, name: file.name });
      onUploaded(result.file_url);
      toast({ title: 'File uploaded successfully', variant: 'success' });
    } catch (failure) {
      toast({
        title: 'File upload failed',
        description: errorMessage(failure, 'Please try again with another file.'),
        variant: 'destructive',
      });
    } finally {
      setProgress(null);
      setLocalPreview(null);
      if (inputRef.current) inputRef.current.value = '';
    }
  }

  return { inputRef, progress, localPreview, uploaded, onPick };
}

function UploadProgress({ label, percent }: { label: string; percent: number }) {
  return (
    <div className="space-y-1">
      <div
        role="progressbar"
        aria-label={`Uploading ${label.toLowerCase()}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2.5 w-full overflow-hidden rounded-full bg-ink-200"
      >
        <div
          className="h-full w-(--progress) rounded-full bg-accent-600 transition-[width]"
          // The width is data: it goes in through a CSS variable so the look stays in classes.
          ref={(bar) => bar?.style.setProperty('--progress', `${percent}%`)}
        />
      </div>
      <p className="flex items-center gap-1.5 text-sm text-ink-600">
        <Upload className="size-4" aria-hidden="true" /> Uploading… {percent}%
      </p>
    </div>
  );
}

/** The file being sent or the stored one as the website will show it; an icon while there is none. */
function PreviewBox({
  url,
  kind,
  label,
  dark,
}: {
  url: string;
  kind: MediaKind;
  label: string;
  dark?: boolean;
}) {
  const Icon = kind === 'image' ? ImageIcon : Film;
  return (
    <div className="flex aspect-video w-full shrink-0 items-center justify-center overflow-hidden rounded-lg bg-ink-100 sm:w-48">
      {url ? (
        <MediaPreview
          url={url}
          kind={kind}
          alt={`Preview of ${label.toLowerCase()}`}
          className="size-full"
          dark={dark}
        />
      ) : (
        <Icon className="size-8 text-ink-500" aria-hidden="true" />
      )}
    </div>
  );
}

export interface UploadFieldProps {
  label: string;
  kind: MediaKind;
  /** The stored file URL ('' when none yet). */
  value: string;
  onChange: (url: string) => void;
  error?: string;
  hint?: string;
  required?: boolean;
  /** Optional fields can be emptied again. */
  removable?: boolean;
  /** Preview on dark, as the website shows it (partner logos). */
  dark?: boolean;
  className?: string;
}

/** What the field holds, in words: nothing yet, the file just sent, or the one already there. */
function fileState(value: string, kind: MediaKind, uploaded: { url: string; name: string } | null): string {
  const noun = kind === 'image' ? 'picture' : 'video';
  if (!value) return `No ${noun} chosen yet.`;
  if (uploaded?.url === value) return `${uploaded.name} uploaded — it is used once you save.`;
  if (isHttpUrl(value)) return `Current ${noun}, from ${new URL(value).hostname}.`;
  return `Current ${noun}.`;
}

/**
 * The picker: the browser's own file input, unseen but on top of a button that says what it does, so a
 * click, a tap or the keyboard (its focus ring shows on the button) all reach it, and no raw path or
 * "No file chosen" sits beside the preview.
 */
function ChooseFile({
  id,
  kind,
  replacing,
  input,
}: {
  id: string;
  kind: MediaKind;
  replacing: boolean;
  input: InputHTMLAttributes<HTMLInputElement> & { ref: Ref<HTMLInputElement> };
}) {
  const noun = kind === 'image' ? 'picture' : 'video';
  return (
    <span className="relative inline-flex">
      <input
        id={id}
        type="file"
        accept={kind === 'image' ? 'image/*' : 'video/*'}
        className="peer absolute inset-0 size-full cursor-pointer opacity-0 disabled:cursor-not-allowed"
        {...input}
      />
      <span
        aria-hidden="true"
        className={`${buttonClasses('secondary', 'sm')} peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-accent-400`}
      >
        <Upload className="size-4" />
        {replacing ? `Replace ${noun}` : `Choose a ${noun}`}
      </span>
    </span>
  );
}

export function UploadField({
  label,
  kind,
  value,
  onChange,
  error,
  hint,
  required,
  removable,
  dark,
  className,
}: UploadFieldProps) {
  const id = useId();
  const { inputRef, progress, localPreview, uploaded, onPick } = useUpload(onChange);
  const uploading = progress !== null;
  const percent = Math.round((progress ?? 0) * 100);

  return (
    <FieldWrapper id={id} label={label} hint={hint} error={error} className={className} spacing="loose">
      <div
        className={`flex flex-col gap-3 rounded-lg border border-dashed p-3 sm:flex-row sm:items-center ${
          error ? 'border-danger-600 bg-red-50' : 'border-ink-300 bg-ink-50'
        }`}
      >
        <PreviewBox url={localPreview ?? value} kind={kind} label={label} dark={dark} />
        <div className="min-w-0 flex-1 space-y-2">
          <p aria-live="polite" className="text-sm break-words text-ink-700">
            {uploading ? null : fileState(value, kind, uploaded)}
          </p>
          {uploading && <UploadProgress label={label} percent={percent} />}
          <div className="flex flex-wrap gap-2">
            <ChooseFile
              id={id}
              kind={kind}
              replacing={Boolean(value)}
              input={{
                ref: inputRef,
                onChange: (event) => void onPick(event),
                disabled: uploading,
                'aria-required': required || undefined,
                ...messageAria(id, hint, error),
              }}
            />
            {!uploading && value && removable && (
              <Button variant="secondary" size="sm" onClick={() => onChange('')}>
                <Trash2 className="size-4" aria-hidden="true" /> Remove {label.toLowerCase()}
              </Button>
            )}
          </div>
        </div>
      </div>
    </FieldWrapper>
  );
}
