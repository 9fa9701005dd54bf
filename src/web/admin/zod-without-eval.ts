// The admin page's Content-Security-Policy allows no eval, so zod must not even probe for it: each
// object schema would otherwise try `new Function` once, as it is defined, to decide whether to compile
// its parser, and the browser reports every try as a CSP violation. Imported by main.tsx before any
// module that defines a schema.
import { z } from 'zod';

z.config({ jitless: true });
