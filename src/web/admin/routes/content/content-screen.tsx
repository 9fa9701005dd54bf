// A content screen as most kinds have it: a header with the Add button, the add/edit form, and the
// list of cards with their show/hide switch, Edit and Delete. Each kind supplies its form, its
// messages and what its card shows; the gallery, grouped by section, composes the parts itself.
import type { ComponentType, ReactNode } from 'react';
import type { ContentKind } from '#shared/schemas/content.ts';
import { PageHeader } from '../../../components/admin-ui.tsx';
import type { ContentInput, ContentItem } from '../../api/content-list.ts';
import { AddButton } from './add-button.tsx';
import { ContentList } from './content-list.tsx';
import { ItemCard } from './item-card.tsx';
import { useContentManager, type ContentMessages } from './use-content-manager.ts';
import { useEditor } from './use-editor.ts';

export interface ContentFormProps<K extends ContentKind> {
  item: ContentItem<K> | null;
  saving: boolean;
  /** Resolves true once saved (the form then drops its draft). */
  onSave: (values: ContentInput<K>) => Promise<boolean>;
  onCancel: () => void;
  /** Names the form's draft (issue 28): one per kind and item, 'new' while adding. */
  draftKey: string;
}

/** What one item's card shows. */
export interface CardView {
  name: string;
  media?: ReactNode;
  /** A short state beside the name, e.g. 'Past — not shown'. */
  badge?: string;
  details: ReactNode;
}

/** The add/edit form while the editor is open: a save that succeeds closes it, as Cancel does. */
export function OpenForm<K extends ContentKind>({
  Form,
  editor,
  manager,
}: {
  Form: ComponentType<ContentFormProps<K>>;
  editor: ReturnType<typeof useEditor<ContentItem<K>>>;
  manager: ReturnType<typeof useContentManager<K>>;
}) {
  if (!editor.open) return null;
  return (
    <Form
      key={editor.key}
      item={editor.item}
      saving={manager.saving}
      draftKey={`content:${manager.kind}:${editor.item?.id ?? 'new'}`}
      onCancel={editor.close}
      onSave={async (values) => {
        const saved = await manager.save(values, editor.item?.id ?? null);
        if (saved) editor.close();
        return saved;
      }}
    />
  );
}

export function ContentScreen<K extends ContentKind>({
  kind,
  messages,
  title,
  subtitle,
  addLabel,
  listLabel,
  empty,
  Form,
  card,
  arrange = (items) => items,
}: {
  kind: K;
  messages: ContentMessages;
  title: string;
  subtitle: string;
  addLabel: string;
  /** Names the list for screen readers. */
  listLabel: string;
  empty: string;
  Form: ComponentType<ContentFormProps<K>>;
  /** One item's card; `all` is the whole list, for states that depend on the others (events). */
  card: (item: ContentItem<K>, all: readonly ContentItem<K>[]) => CardView;
  /** The list's order when it is not the stored one (events: upcoming first). */
  arrange?: (items: ContentItem<K>[]) => ContentItem<K>[];
}) {
  const manager = useContentManager(kind, messages);
  const editor = useEditor(manager.items);
  return (
    <>
      <PageHeader
        title={title}
        subtitle={subtitle}
        actions={!editor.open && <AddButton label={addLabel} onClick={editor.openNew} />}
      />
      <OpenForm Form={Form} editor={editor} manager={manager} />
      <ContentList
        label={listLabel}
        loading={manager.list.isPending}
        failed={manager.list.isError}
        count={manager.items.length}
        empty={empty}
      >
        {arrange(manager.items).map((item) => {
          const view = card(item, manager.items);
          return (
            <ItemCard
              key={item.id}
              name={view.name}
              media={view.media}
              badge={view.badge}
              schedule={item}
              active={item.is_active}
              onActiveChange={(active) => void manager.setActive(item, active)}
              onEdit={() => editor.openEdit(item)}
              onDelete={() =>
                void manager.remove(item).then((removed) => {
                  if (removed && editor.item?.id === item.id) editor.close();
                })
              }
            >
              {view.details}
            </ItemCard>
          );
        })}
      </ContentList>
    </>
  );
}
