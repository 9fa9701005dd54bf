// The admin page's Content-Security-Policy allows no eval: see lib/zod-without-eval.ts. The public
// enquiry form's checks import that same module, so it lands in the chunk the admin shares with them,
// ahead of the schemas there (a copy here would run only after that chunk had defined them).
import '../lib/zod-without-eval.ts';
