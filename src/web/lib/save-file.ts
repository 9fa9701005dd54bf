// Hands a file made in the page (a CSV export, recovery codes, a copy of someone's data) to the
// browser's download, under a chosen name. Works under our CSP: blob: URLs are our own origin's.
export function saveFile(contents: Blob, fileName: string): void {
  const url = URL.createObjectURL(contents);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the URL is freed.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
