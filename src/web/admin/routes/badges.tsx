// Certifications and badges (docs/product.md#content-screens): name and image required, a short description
// optional.
import { badgeInput } from '#shared/schemas/content.ts';
import { TextAreaField, TextField } from '../../components/field.tsx';
import { OrderField, UploadControl } from './content/fields.tsx';
import { FormPanel } from './content/form-panel.tsx';
import { ScheduleFields } from './content/schedule.tsx';
import { Thumbnail } from './content/thumbnail.tsx';
import { ContentScreen, type ContentFormProps } from './content/content-screen.tsx';
import { useContentForm, NEW_ITEM_LISTING } from './content/use-content-form.ts';
import { contentMessages } from './content/use-content-manager.ts';
import { SCREEN_TITLES } from '../screen-titles.ts';

const MESSAGES = contentMessages('badge', 'badges');

function BadgeForm(props: ContentFormProps<'badges'>) {
  const { control, field, panel } = useContentForm(badgeInput, props, {
    noun: 'Badge',
    blank: {
      name: '',
      badge_url: '',
      description: '',
      ...NEW_ITEM_LISTING,
    },
  });
  return (
    <FormPanel {...panel}>
      <TextField required {...field('name', 'Badge name')} />
      <OrderField {...field('order', 'Display order')} />
      <TextAreaField rows={3} className="sm:col-span-2" {...field('description', 'Description (optional)')} />
      <UploadControl
        control={control}
        name="badge_url"
        label="Badge image"
        kind="image"
        required
        className="sm:col-span-2"
      />
      <ScheduleFields control={control} />
    </FormPanel>
  );
}

export function BadgesScreen() {
  return (
    <ContentScreen
      kind="badges"
      messages={MESSAGES}
      title={SCREEN_TITLES.badges}
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
