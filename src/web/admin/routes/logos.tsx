// Partner logos, 'AS SEEN AT' on the website (docs/product.md#content-screens): name and logo required, the
// website address optional and URL-shaped.
import { logoInput } from '#shared/schemas/content.ts';
import { TextField } from '../../components/field.tsx';
import { OrderField, UploadControl, UrlField } from './content/fields.tsx';
import { FormPanel } from './content/form-panel.tsx';
import { ScheduleFields } from './content/schedule.tsx';
import { Thumbnail } from './content/thumbnail.tsx';
import { ContentScreen, type ContentFormProps } from './content/content-screen.tsx';
import { ExternalLinkLine } from './content/external-link-line.tsx';
import { useContentForm, NEW_ITEM_LISTING } from './content/use-content-form.ts';
import { contentMessages } from './content/use-content-manager.ts';
import { SCREEN_TITLES } from '../screen-titles.ts';

const MESSAGES = contentMessages('logo', 'logos');

function LogoForm(props: ContentFormProps<'logos'>) {
  const { control, field, panel } = useContentForm(logoInput, props, {
    noun: 'Logo',
    blank: {
      name: '',
      logo_url: '',
      website_url: '',
      ...NEW_ITEM_LISTING,
    },
  });
  return (
    <FormPanel {...panel}>
      <TextField required {...field('name', 'Partner name')} />
      <UrlField {...field('website_url', 'Website (optional)')} />
      <OrderField {...field('order', 'Display order')} />
      <UploadControl
        control={control}
        name="logo_url"
        label="Logo"
        kind="image"
        required
        hint="A PNG with a transparent background looks best; it is shown on the dark website."
        dark
        className="sm:col-span-2"
      />
      <ScheduleFields control={control} />
    </FormPanel>
  );
}

export function LogosScreen() {
  return (
    <ContentScreen
      kind="logos"
      messages={MESSAGES}
      title={SCREEN_TITLES.logos}
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
