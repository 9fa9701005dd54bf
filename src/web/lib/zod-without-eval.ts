// The pages' Content-Security-Policy allows no eval, so zod must not even probe for it: each object
// schema would otherwise try `new Function` once to decide whether to compile its parser, and the
// browser reports every try as a CSP violation. Imported before any module that defines a schema, by
// the admin client and by the enquiry form's checks: one module, so the bundler keeps it in the chunk
// they share, ahead of the schemas there.
import { z } from 'zod';

z.config({ jitless: true });
