// A booking's details as the owner's form sends them, for the bookings tests. The harness clock
// starts at 2026-06-15 12:00 UTC (13:00 in London), so this day is ahead.
export const BOOKING_DETAILS = {
  start_date: '2026-08-14',
  start_time: '10:00',
  end_time: '17:00',
  location: 'Henley Showground',
  postcode: 'rg9 2hy',
  people: 400,
  price_pence: 185_000,
  deposit_pence: 50_000,
};
