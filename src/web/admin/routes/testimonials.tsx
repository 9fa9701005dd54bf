// Testimonials (docs/product.md#content-screens): client name, company, text and a 1–5 rating, all required.
// At most three are shown on the website.
import { Controller } from 'react-hook-form';
import { testimonialInput } from '#shared/schemas/content.ts';
import { TESTIMONIALS_SHOWN } from '#shared/constants.ts';
import { TextAreaField, TextField } from '../../components/field.tsx';
import { fieldError } from './content/field-error.ts';
import { OrderField } from './content/fields.tsx';
import { FormPanel } from './content/form-panel.tsx';
import { ScheduleFields } from './content/schedule.tsx';
import { StarRating, StarsShown } from './content/star-rating.tsx';
import { ContentScreen, type ContentFormProps } from './content/content-screen.tsx';
import { useContentForm, NEW_ITEM_LISTING } from './content/use-content-form.ts';
import { contentMessages } from './content/use-content-manager.ts';
import { SCREEN_TITLES } from '../screen-titles.ts';

const MESSAGES = contentMessages('testimonial', 'testimonials');

function TestimonialForm(props: ContentFormProps<'testimonials'>) {
  const { control, field, panel } = useContentForm(testimonialInput, props, {
    noun: 'Testimonial',
    blank: {
      client_name: '',
      company: '',
      testimonial_text: '',
      rating: 5,
      ...NEW_ITEM_LISTING,
    },
  });
  return (
    <FormPanel {...panel}>
      <TextField required {...field('client_name', 'Client name')} />
      <TextField required {...field('company', 'Company')} />
      <TextAreaField
        required
        rows={4}
        className="sm:col-span-2"
        {...field('testimonial_text', 'Testimonial')}
      />
      <Controller
        control={control}
        name="rating"
        render={({ field, fieldState }) => (
          <StarRating
            name={field.name}
            value={Number(field.value) || 0}
            onChange={field.onChange}
            error={fieldError('Rating', fieldState.error)}
          />
        )}
      />
      <OrderField {...field('order', 'Display order')} />
      <ScheduleFields control={control} />
    </FormPanel>
  );
}

export function TestimonialsScreen() {
  return (
    <ContentScreen
      kind="testimonials"
      messages={MESSAGES}
      title={SCREEN_TITLES.testimonials}
      subtitle={`What clients say. The first ${TESTIMONIALS_SHOWN} shown ones appear on the website.`}
      addLabel="Add Testimonial"
      listLabel="Testimonials"
      empty="No testimonials yet. Add the first one."
      Form={TestimonialForm}
      card={(testimonial) => ({
        name: testimonial.client_name,
        details: (
          <>
            <p className="font-medium text-ink-700">{testimonial.company}</p>
            <StarsShown rating={testimonial.rating} />
            <p className="line-clamp-3 whitespace-pre-line">{testimonial.testimonial_text}</p>
          </>
        ),
      })}
    />
  );
}
