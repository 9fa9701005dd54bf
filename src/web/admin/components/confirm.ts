// SPEC §5: every delete in the admin asks the browser's own confirmation first.
export function confirmDelete(what: string): boolean {
  return window.confirm(`Are you sure you want to delete ${what}?`);
}
