// Gallery (docs/product.md#content-screens): images grouped by the page section they belong to, moved up or
// down within their section by swapping the order of two neighbours. Title and image are required.
import { useQueryClient } from '@tanstack/react-query';
import { ArrowDown, ArrowUp } from 'lucide-react';
import { useState } from 'react';
import { GALLERY_SECTIONS } from '#shared/constants.ts';
import { galleryInput, type GalleryImage } from '#shared/schemas/content.ts';
import { EmptyState, Loading, PageHeader } from '../../components/admin-ui.tsx';
import { Button } from '../../components/button.tsx';
import { SelectField, TextField } from '../../components/field.tsx';
import { toast } from '../../components/toast.tsx';
import { contentListKey } from '../api/content-list.ts';
import { updateContent } from '../api/content-update.ts';
import { AddButton } from './content/add-button.tsx';
import { OrderField, UploadControl } from './content/fields.tsx';
import { FormPanel } from './content/form-panel.tsx';
import { ScheduleFields } from './content/schedule.tsx';
import { ItemCard } from './content/item-card.tsx';
import { GALLERY_SECTION_LABELS } from './content/labels.ts';
import { Thumbnail } from './content/thumbnail.tsx';
import { contentMessages, useContentManager } from './content/use-content-manager.ts';
import { reorderChanges } from './content/reorder.ts';
import { useEditor } from './content/use-editor.ts';
import { OpenForm, type ContentFormProps } from './content/content-screen.tsx';
import { useContentForm, NEW_ITEM_LISTING } from './content/use-content-form.ts';
import { SCREEN_TITLES } from '../screen-titles.ts';

type GallerySection = (typeof GALLERY_SECTIONS)[number];

const MESSAGES = contentMessages('image', 'images', { detailAsTitle: true });

function GalleryForm(props: ContentFormProps<'gallery'>) {
  const { control, field, panel } = useContentForm(galleryInput, props, {
    noun: 'Image',
    blank: {
      title: '',
      image_url: '',
      alt_text: '',
      section: 'action-gallery',
      ...NEW_ITEM_LISTING,
    },
    onInvalid: (invalid) => {
      // The one message for a missing title or picture.
      if (invalid.title || invalid.image_url)
        toast({ title: 'Title and image are required', variant: 'destructive' });
    },
  });
  return (
    <FormPanel {...panel}>
      <TextField required {...field('title', 'Title')} />
      <SelectField {...field('section', 'Section')}>
        {GALLERY_SECTIONS.map((section) => (
          <option key={section} value={section}>
            {GALLERY_SECTION_LABELS[section]}
          </option>
        ))}
      </SelectField>
      <TextField
        hint="What the picture shows, e.g. 'Two players at the reaction targets'"
        {...field('alt_text', 'Description for screen readers (alt text)', 'Alt text')}
      />
      <OrderField {...field('order', 'Order number')} hint="Lower numbers come first within a section" />
      <UploadControl
        control={control}
        name="image_url"
        label="Image"
        kind="image"
        required
        className="sm:col-span-2"
      />
      <ScheduleFields control={control} />
    </FormPanel>
  );
}

/** Swaps an image with its neighbour by their order numbers; the list is reloaded either way. */
function useReorder() {
  const queryClient = useQueryClient();
  const [reordering, setReordering] = useState(false);

  async function move(section: readonly GalleryImage[], index: number, direction: -1 | 1) {
    setReordering(true);
    try {
      await Promise.all(
        reorderChanges(section, index, direction).map(({ id, order }) =>
          updateContent('gallery', id, { order }),
        ),
      );
    } catch {
      toast({ title: 'Failed to reorder images', variant: 'destructive' });
    } finally {
      await queryClient.invalidateQueries({ queryKey: contentListKey('gallery') });
      setReordering(false);
    }
  }

  return { reordering, move };
}

function SectionHeading({ section, count }: { section: GallerySection; count: number }) {
  return (
    <h2
      id={`gallery-${section}`}
      className="mb-3 flex items-baseline gap-2 font-display text-xl font-semibold tracking-wide text-ink-900 uppercase"
    >
      {GALLERY_SECTION_LABELS[section]}
      <span className="font-sans text-sm font-normal tracking-normal text-ink-600 normal-case">
        {count} {count === 1 ? 'image' : 'images'}
      </span>
    </h2>
  );
}

function MoveButtons({
  title,
  first,
  last,
  disabled,
  onMove,
}: {
  title: string;
  first: boolean;
  last: boolean;
  disabled: boolean;
  onMove: (direction: -1 | 1) => void;
}) {
  return (
    <span className="flex gap-1">
      <Button
        variant="secondary"
        size="sm"
        aria-label={`Move ${title} up`}
        disabled={first || disabled}
        onClick={() => onMove(-1)}
      >
        <ArrowUp className="size-4" aria-hidden="true" />
      </Button>
      <Button
        variant="secondary"
        size="sm"
        aria-label={`Move ${title} down`}
        disabled={last || disabled}
        onClick={() => onMove(1)}
      >
        <ArrowDown className="size-4" aria-hidden="true" />
      </Button>
    </span>
  );
}

export function GalleryScreen() {
  const manager = useContentManager('gallery', MESSAGES);
  const editor = useEditor(manager.items);
  const { reordering, move } = useReorder();

  const sections = GALLERY_SECTIONS.map((section) => ({
    section,
    images: manager.items.filter((image) => image.section === section),
  })).filter((group) => group.images.length > 0);

  return (
    <>
      <PageHeader
        title={SCREEN_TITLES.gallery}
        subtitle="Pictures for each part of the website, in the order they are shown."
        actions={!editor.open && <AddButton label="Add Image" onClick={editor.openNew} />}
      />
      <OpenForm Form={GalleryForm} editor={editor} manager={manager} />
      {manager.list.isPending ? (
        <Loading />
      ) : sections.length === 0 ? (
        <EmptyState>
          {manager.list.isError
            ? 'Could not load the list. Reload the page to try again.'
            : 'No images yet. Add the first one.'}
        </EmptyState>
      ) : (
        <div className="space-y-8">
          {sections.map(({ section, images }) => (
            <section key={section} aria-labelledby={`gallery-${section}`}>
              <SectionHeading section={section} count={images.length} />
              <ul className="grid grid-cols-1 gap-4 lg:grid-cols-2">
                {images.map((image, index) => (
                  <ItemCard
                    key={image.id}
                    name={image.title}
                    headingLevel={3}
                    media={<Thumbnail url={image.image_url} />}
                    schedule={image}
                    active={image.is_active}
                    onActiveChange={(active) => void manager.setActive(image, active)}
                    onEdit={() => editor.openEdit(image)}
                    onDelete={() =>
                      void manager.remove(image).then((removed) => {
                        if (removed && editor.item?.id === image.id) editor.close();
                      })
                    }
                    extraActions={
                      <MoveButtons
                        title={image.title}
                        first={index === 0}
                        last={index === images.length - 1}
                        disabled={reordering}
                        onMove={(direction) => void move(images, index, direction)}
                      />
                    }
                  >
                    <p>{image.alt_text || 'No alt text'}</p>
                    <p>Order {image.order}</p>
                  </ItemCard>
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
    </>
  );
}
