// Data written into a page as JSON inside a <script> element (the public pages' data, an admin
// screen's answers): nothing in it can close the element.
export const scriptSafeJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
