// Every delete in the admin asks the browser's own confirmation first (docs/product.md#content-screens).
export function confirmDelete(what: string): boolean {
  return window.confirm(`Are you sure you want to delete ${what}?`);
}
