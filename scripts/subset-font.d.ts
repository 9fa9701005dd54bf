// The part of subset-font 2.x that scripts/make-fonts.ts uses (the published @types lag behind:
// they lack keepFeatures).
declare module 'subset-font' {
  export default function subsetFont(
    font: Buffer,
    text: string,
    options?: { targetFormat?: 'sfnt' | 'woff' | 'woff2'; keepFeatures?: string[] },
  ): Promise<Buffer>;
}
