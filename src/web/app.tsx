// The web client's first cut: the hero and the next three events, read from the public content API.
// The full landing page, legal pages and admin screens are built on this in their own issues.
import { useEffect, useState } from 'react';
import { UPCOMING_EVENTS_SHOWN } from '#shared/constants.ts';
import type { Event } from '#shared/schemas/content.ts';
import { responsiveSrcSet } from './lib/media.ts';

const today = () => new Date().toISOString().slice(0, 10);

/** SPEC §7: the page keeps events dated today or later, sorted ascending by date, first 3. */
export const nextEvents = (events: Event[], from = today()) =>
  events
    .filter((event) => event.date >= from)
    .sort((a, b) => a.date.localeCompare(b.date))
    .slice(0, UPCOMING_EVENTS_SHOWN);

const formatDate = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });

export function App() {
  const [events, setEvents] = useState<Event[] | undefined>();
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    fetch('/api/cms/events')
      .then((response) =>
        response.ok ? (response.json() as Promise<{ events: Event[] }>) : Promise.reject(new Error()),
      )
      .then((body) => setEvents(nextEvents(body.events)))
      .catch(() => setFailed(true));
  }, []);

  return (
    <main
      style={{
        fontFamily: 'system-ui, sans-serif',
        background: '#11140d',
        color: '#f4f4f0',
        minHeight: '100vh',
        margin: 0,
      }}
    >
      <section style={{ padding: '4rem 1.5rem', textAlign: 'center' }}>
        <h1 style={{ fontSize: 'clamp(1.8rem, 6vw, 3.5rem)', margin: 0 }}>
          LOCK IN. TAKE AIM. EXPERIENCE THE THRILL.
        </h1>
      </section>
      <section id="events" style={{ padding: '2rem 1.5rem', maxWidth: 960, margin: '0 auto' }}>
        <h2>NEXT THREE EVENTS</h2>
        {failed && <p role="alert">Error: Failed to load events. Please try again later.</p>}
        {!failed && events === undefined && <p>Loading…</p>}
        <ul
          style={{
            listStyle: 'none',
            padding: 0,
            display: 'grid',
            gap: '1rem',
            gridTemplateColumns: 'repeat(auto-fit, minmax(240px, 1fr))',
          }}
        >
          {events?.map((event) => (
            <li key={event.id} style={{ background: '#2f3a1f', borderRadius: 8, overflow: 'hidden' }}>
              {event.image_url && (
                <img
                  src={event.image_url}
                  srcSet={responsiveSrcSet(event.image_url)}
                  sizes="(min-width: 960px) 300px, 100vw"
                  loading="lazy"
                  alt=""
                  style={{ width: '100%', aspectRatio: '3 / 2', objectFit: 'cover' }}
                />
              )}
              <div style={{ padding: '1rem' }}>
                <strong>{event.name}</strong>
                <div>{event.location}</div>
                <div>{formatDate(event.date)}</div>
              </div>
            </li>
          ))}
        </ul>
      </section>
    </main>
  );
}
