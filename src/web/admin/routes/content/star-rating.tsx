// Rating 1 to 5 (docs/product.md#content-screens) as five radio buttons drawn as stars: arrow keys move
// between them, and a screen reader hears "3 stars, 3 of 5".
import { Star } from 'lucide-react';
import { useId } from 'react';

const STARS = [1, 2, 3, 4, 5] as const;

export function StarRating({
  value,
  onChange,
  error,
  name,
}: {
  value: number;
  onChange: (rating: number) => void;
  error?: string;
  name: string;
}) {
  const id = useId();
  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined} className="space-y-1.5">
      <legend className="text-sm font-semibold text-ink-800">Rating</legend>
      <div className="flex gap-1">
        {STARS.map((stars) => (
          <label
            key={stars}
            className="cursor-pointer rounded-lg p-1 has-focus-visible:outline-2 has-focus-visible:outline-accent-400"
          >
            <input
              type="radio"
              name={name}
              value={stars}
              checked={value === stars}
              onChange={() => onChange(stars)}
              className="sr-only"
            />
            <Star
              className={`size-8 ${stars <= value ? 'fill-amber-400 text-amber-500' : 'text-ink-300'}`}
              aria-hidden="true"
            />
            <span className="sr-only">
              {stars} {stars === 1 ? 'star' : 'stars'}
            </span>
          </label>
        ))}
        <span className="self-center pl-2 text-sm text-ink-600" aria-hidden="true">
          {value ? `${value} of 5` : 'Choose'}
        </span>
      </div>
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-danger-600">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** The stars as shown in a list: read as "Rated 4 out of 5". */
export function StarsShown({ rating }: { rating: number }) {
  return (
    <span className="flex items-center gap-0.5" role="img" aria-label={`Rated ${rating} out of 5`}>
      {STARS.map((stars) => (
        <Star
          key={stars}
          className={`size-4 ${stars <= rating ? 'fill-amber-400 text-amber-600' : 'text-ink-300'}`}
          aria-hidden="true"
        />
      ))}
    </span>
  );
}
