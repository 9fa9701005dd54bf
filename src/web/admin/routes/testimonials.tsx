// Testimonials (SPEC §2, §5): client name, company, text and a 1–5 rating, all required. At most three
// are shown on the website.
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { testimonialInput } from '#shared/schemas/content.ts';
import { TESTIMONIALS_SHOWN } from '#shared/constants.ts';
import { TextAreaField, TextField } from '../../components/field.tsx';
import { fieldError } from './content/field-error.ts';
import { FormPanel } from './content/form-panel.tsx';
import { StarRating, StarsShown } from './content/star-rating.tsx';
import { ContentScreen, type ContentFormProps } from './content/content-screen.tsx';

const MESSAGES = {
  noun: 'testimonial',
  fetchFailed: 'Failed to fetch testimonials',
  createFailed: 'Failed to add testimonial',
  created: 'Testimonial added',
  updateFailed: 'Failed to update testimonial',
  updated: 'Testimonial updated',
  deleteFailed: 'Failed to delete testimonial',
  deleted: 'Testimonial deleted',
};

function TestimonialForm({ item, saving, onSave, onCancel }: ContentFormProps<'testimonials'>) {
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<z.input<typeof testimonialInput>, unknown, z.output<typeof testimonialInput>>({
    resolver: zodResolver(testimonialInput),
    defaultValues: {
      client_name: item?.client_name ?? '',
      company: item?.company ?? '',
      testimonial_text: item?.testimonial_text ?? '',
      rating: item?.rating ?? 5,
      order: item?.order ?? 0,
      is_active: item?.is_active ?? true,
    },
  });
  return (
    <FormPanel
      title={item ? 'Edit Testimonial' : 'Add Testimonial'}
      submitLabel={item ? 'Save Changes' : 'Add Testimonial'}
      onSubmit={handleSubmit(onSave)}
      onCancel={onCancel}
      saving={saving}
    >
      <TextField
        label="Client name"
        required
        {...register('client_name')}
        error={fieldError('Client name', errors.client_name)}
      />
      <TextField
        label="Company"
        required
        {...register('company')}
        error={fieldError('Company', errors.company)}
      />
      <TextAreaField
        label="Testimonial"
        required
        rows={4}
        className="sm:col-span-2"
        {...register('testimonial_text')}
        error={fieldError('Testimonial', errors.testimonial_text)}
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

export function TestimonialsScreen() {
  return (
    <ContentScreen
      kind="testimonials"
      messages={MESSAGES}
      title="Testimonials"
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
