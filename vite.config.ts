import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { adminChunks } from './scripts/admin-chunks.ts';
import { precompress } from './scripts/vite-precompress.ts';

// Three builds (npm run build runs them, scripts/build-web.ts):
// - the public pages' browser build into dist/web: their hydration entry, with a manifest the
//   server reads to link it, and .br/.gz copies of every text asset;
// - the admin's browser build into the same folder (RANGE_WEB_PART=admin): admin.html, the admin
//   client's shell, and the entry of the admin pages written at build time (scripts/prerender-
//   admin.ts), with a manifest of its own (.vite/admin-manifest.json). A build of its own, so no admin
//   code ever reaches the public pages, and the admin's chunks are not cut along the public pages'
//   lines: the code its screens share is one chunk (scripts/admin-chunks.ts, docs/decisions/0489);
// - the SSR build (`vite build --ssr`) into dist/ssr: render(path, data) for the server, with its
//   dependencies bundled in (entry-server.js), and beside it the admin's signed-in screens drawn on
//   request (admin-screens.js, docs/decisions/0491), loaded only when an admin opens one.
export default defineConfig(({ isSsrBuild }) => {
  const adminPart = process.env.RANGE_WEB_PART === 'admin';
  return {
    plugins: [
      react(),
      tailwindcss(),
      ...(isSsrBuild ? [] : [precompress({ reportPublicBundle: !adminPart })]),
    ],
    // The renderer stays loaded in the server for good, its source text with it (V8 keeps a module's
    // source for compiling its functions when they first run; docs/decisions/0480). Like the browser
    // build it is a production build, so React's development copies are left out rather than carried
    // beside the production ones and chosen at run time; and its own text (em dashes, curly quotes) is
    // written as \u escapes, so V8 can hold the whole source at one byte per character instead of two.
    ...(isSsrBuild && {
      define: { 'process.env.NODE_ENV': JSON.stringify('production') },
      esbuild: { charset: 'ascii' as const },
    }),
    // The renderer is self-contained, so a build copied elsewhere (bench, e2e) still runs.
    ssr: { noExternal: true },
    // Icons and the manifest go to the browser build only.
    publicDir: isSsrBuild ? false : 'public',
    build: isSsrBuild
      ? {
          outDir: 'dist/ssr',
          emptyOutDir: true,
          rollupOptions: {
            input: {
              'entry-server': 'src/web/public/entry-server.tsx',
              'admin-screens': 'src/web/admin/server-render.tsx',
            },
          },
        }
      : adminPart
        ? {
            outDir: 'dist/web',
            emptyOutDir: false,
            manifest: '.vite/admin-manifest.json',
            rollupOptions: {
              input: ['admin.html', 'src/web/admin/after-paint.ts'],
              output: { manualChunks: adminChunks(), onlyExplicitManualChunks: true },
            },
          }
        : {
            outDir: 'dist/web',
            emptyOutDir: true,
            manifest: true,
            rollupOptions: { input: ['src/web/public/entry-client.tsx'] },
          },
    server: { proxy: { '/api': 'http://localhost:3000', '/uploads': 'http://localhost:3000' } },
  };
});
