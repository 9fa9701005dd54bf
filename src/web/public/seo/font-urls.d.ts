// Vite answers `?url` imports with the built file's public URL.
declare module '*.woff2?url' {
  const url: string;
  export default url;
}
